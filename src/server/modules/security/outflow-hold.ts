import { eq } from 'drizzle-orm';
import { outflowHoldMs, securityErrorCodes } from '../../../contract/security';
import type { Database } from '../../db/database';
import { userSecurity } from '../../db/schema/security';
import { ApiError } from '../../http/api-error';

/**
 * After a passcode recovery or a backup e-mail change money does not leave the account for
 * 24 h (withdrawals now, P2P releases later): a stolen session that took the account over
 * leaves the owner time to see the bot's or the old address's notice and report it.
 */

/** When the user's outflows are held until, or null when money may leave at `now`. */
export async function outflowsHeldUntil(db: Database, userId: number, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: userSecurity.outflowsHeldUntil })
    .from(userSecurity)
    .where(eq(userSecurity.userId, userId));
  const until = row?.until ?? null;
  return until !== null && until.getTime() > now.getTime() ? until : null;
}

export function outflowsHeldError(until: Date, now: Date): ApiError {
  return new ApiError(
    403,
    securityErrorCodes.outflowsHeld,
    'Money cannot leave the account yet: a recent passcode recovery or e-mail change holds it for 24 hours',
    { until: until.toISOString(), seconds: Math.ceil((until.getTime() - now.getTime()) / 1000) },
  );
}

/**
 * The one check every outflow calls (withdrawal creation; P2P release): throws 403
 * `outflows_held` with `{ until, seconds }` while the hold lasts.
 */
export async function assertOutflowsAllowed(db: Database, userId: number, now: Date): Promise<void> {
  const until = await outflowsHeldUntil(db, userId, now);
  if (until !== null) throw outflowsHeldError(until, now);
}

/** Starts (or extends) the 24 h hold from `now`; the security row must exist. */
export async function holdOutflows(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(userSecurity)
    .set({ outflowsHeldUntil: new Date(now.getTime() + outflowHoldMs), updatedAt: now })
    .where(eq(userSecurity.userId, userId));
}
