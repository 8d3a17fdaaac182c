import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { userSettings } from '../../db/schema/users';
import { unauthorized } from '../../http/api-error';

/** What the user's settings allow in the wallet (spec 000 s.4 "Blocked user", s.6). */
export interface WalletAccess {
  /** Compliance lock (money locked), ban (blocked for good) or a soft ban still in force. */
  readonly blocked: boolean;
  readonly canDeposit: boolean;
  readonly canWithdraw: boolean;
}

/** Reads the user's wallet permissions; an absent permission flag means allowed (spec 000 s.5). */
export async function walletAccessOf(db: Database, userId: number, now: Date = new Date()): Promise<WalletAccess> {
  const [row] = await db
    .select({
      permissions: userSettings.permissions,
      complianceLock: userSettings.complianceLock,
      complianceBan: userSettings.complianceBan,
      softBanUntil: userSettings.softBanUntil,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  // A live session whose user has no settings row means the account was removed under it.
  if (row === undefined) throw unauthorized();
  return {
    blocked: row.complianceLock || row.complianceBan || (row.softBanUntil !== null && row.softBanUntil > now),
    canDeposit: row.permissions.can_deposit !== false,
    canWithdraw: row.permissions.can_withdraw !== false,
  };
}
