import { eq } from 'drizzle-orm';
import { p2pErrorCodes } from '../../../contract/p2p-market';
import { type FeatureFlagName, isBlocked } from '../../../contract/settings';
import { userSettings } from '../../db/schema/users';
import { ApiError, unauthorized } from '../../http/api-error';
import type { EndpointContext } from '../../http/register-endpoint';
import { effectiveFeatureFlags } from '../settings/feature-flags';

/** The part of the market a call belongs to; each is behind its own flag besides `show_p2p`. */
export type P2pArea = 'market' | 'offers' | 'methods';

const areaFlags: Readonly<Record<P2pArea, readonly FeatureFlagName[]>> = {
  market: ['show_p2p'],
  offers: ['show_p2p', 'show_p2p_offers'],
  methods: ['show_p2p', 'show_p2p_methods'],
};

export interface P2pAccessRequest {
  readonly area: P2pArea;
  /** A call that changes something (creates, edits, deletes, turns online): refused to a blocked user. */
  readonly write: boolean;
}

/**
 * The gate of every `/p2p/*` call: 403 `feature_disabled` when the user's effective feature flags
 * (public, tester, stored; the same the settings answer shows) hide that part of the market, and for
 * writes 403 `blocked` when compliance has locked, banned or soft-banned the user (isBlocked). Reads
 * stay open to a blocked user, whose app shows the blocked screen instead (spec 001 s.2 "Route guards").
 */
export async function assertP2pAccess(
  context: Pick<EndpointContext, 'db' | 'featureFlags' | 'now'>,
  userId: number,
  request: P2pAccessRequest,
): Promise<void> {
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
  if (!areaFlags[request.area].every((name) => flags[name] === true)) throw p2pFeatureDisabled();
  if (!request.write) return;
  const compliance = {
    lock: row.lock,
    ban: row.ban,
    ban_reason: null,
    pending_actions_from_user: false,
    soft_ban_until: row.softBanUntil === null ? null : row.softBanUntil.toISOString(),
  };
  if (isBlocked(compliance, context.now())) throw p2pBlocked();
}

export function p2pFeatureDisabled(): ApiError {
  return new ApiError(403, p2pErrorCodes.featureDisabled, 'This part of the P2P market is not available to you');
}

export function p2pBlocked(): ApiError {
  return new ApiError(403, p2pErrorCodes.blocked, 'Your account is blocked from trading on the P2P market');
}
