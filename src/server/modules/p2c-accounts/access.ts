import { and, eq } from 'drizzle-orm';
import { p2cErrorCodes } from '../../../contract/p2c';
import { isBlocked } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { p2cAccounts } from '../../db/schema/p2c';
import { userSettings } from '../../db/schema/users';
import { ApiError, unauthorized } from '../../http/api-error';
import type { EndpointContext } from '../../http/register-endpoint';
import { effectiveFeatureFlags } from '../settings/feature-flags';
import { hasLevel } from '../verification/state';

/** What the P2C gates need of a person: whether the area shows (`show_p2c`) and whether they are blocked. */
export interface P2cStanding {
  readonly showP2c: boolean;
  readonly blocked: boolean;
}

export async function p2cStandingOf(
  context: Pick<EndpointContext, 'db' | 'featureFlags'>,
  userId: number,
  now: Date,
): Promise<P2cStanding> {
  const [row] = await context.db
    .select({
      isTester: userSettings.isTester,
      storedFlags: userSettings.featureFlags,
      lock: userSettings.complianceLock,
      ban: userSettings.complianceBan,
      softBanUntil: userSettings.softBanUntil,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  // A live session whose user has no settings row means the account was removed under it.
  if (row === undefined) throw unauthorized();
  const flags = effectiveFeatureFlags(context.featureFlags, { userId, ...row });
  return { showP2c: flags.show_p2c === true, blocked: blockedAt(row, now) };
}

function blockedAt(row: { lock: boolean; ban: boolean; softBanUntil: Date | null }, now: Date): boolean {
  return isBlocked(
    {
      lock: row.lock,
      ban: row.ban,
      ban_reason: null,
      pending_actions_from_user: false,
      soft_ban_until: row.softBanUntil === null ? null : row.softBanUntil.toISOString(),
    },
    now,
  );
}

export function p2cFeatureDisabled(): ApiError {
  return new ApiError(403, 'feature_disabled', 'Paying with QR codes is not available to you');
}

/** 403 `feature_disabled` unless `show_p2c` is on for the person. */
export async function assertP2cArea(context: Pick<EndpointContext, 'db' | 'featureFlags' | 'now'>, userId: number) {
  const standing = await p2cStandingOf(context, userId, context.now());
  if (!standing.showP2c) throw p2cFeatureDisabled();
  return standing;
}

/**
 * Adding or changing a payment account: the area shows, the person holds the `p2c-merchant`
 * level and is not blocked; 403 `p2c_accounts_forbidden` otherwise.
 */
export async function assertAccountWriter(
  context: Pick<EndpointContext, 'db' | 'featureFlags' | 'now'>,
  userId: number,
): Promise<void> {
  const standing = await assertP2cArea(context, userId);
  if (standing.blocked || !(await hasLevel(context.db, userId, 'p2c-merchant'))) {
    throw new ApiError(
      403,
      p2cErrorCodes.accountsForbidden,
      standing.blocked
        ? 'Your account is blocked from taking payments'
        : 'Payment accounts are for merchants: complete the merchant verification first',
    );
  }
}

/**
 * `can_accept_p2c_order` (docs/p2c.md "Who may take payments"): the `p2c-merchant` level, at
 * least one `active` payment account, and not blocked (lock, ban or a soft ban in force).
 */
export async function canAcceptP2cOrder(db: Database, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({
      lock: userSettings.complianceLock,
      ban: userSettings.complianceBan,
      softBanUntil: userSettings.softBanUntil,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  if (row === undefined || blockedAt(row, now)) return false;
  const [active] = await db
    .select({ id: p2cAccounts.id })
    .from(p2cAccounts)
    .where(and(eq(p2cAccounts.userId, userId), eq(p2cAccounts.status, 'active')))
    .limit(1);
  return active !== undefined && (await hasLevel(db, userId, 'p2c-merchant'));
}
