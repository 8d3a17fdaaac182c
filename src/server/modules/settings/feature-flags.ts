import { eq } from 'drizzle-orm';
import { type FeatureFlagName, featureFlagNames } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { userSettings } from '../../db/schema/users';

/** The three flags that show the P2P market, its offers and its payment methods (spec 001 s.1). */
export const p2pFeatureFlags: readonly FeatureFlagName[] = ['show_p2p', 'show_p2p_offers', 'show_p2p_methods'];

/** The P2C area (paying shops' QR codes, merchants) and the home's banner for it (docs/p2c.md). */
export const p2cFeatureFlags: readonly FeatureFlagName[] = ['show_p2c', 'show_p2c_banner'];

/**
 * Who sees which feature (spec 001 s.1: "public and tester variants"): the public flags are on for
 * everyone, the tester flags for testers (TESTER_IDS, or a user marked a tester), and a flag stored
 * on a user (`user_settings.feature_flags`) overrides both for that user, either way.
 */
export interface FeatureFlagPolicy {
  readonly public: readonly FeatureFlagName[];
  readonly tester: readonly FeatureFlagName[];
  /** Telegram ids of the testers (TESTER_IDS). */
  readonly testerIds: ReadonlySet<number>;
}

/**
 * What a deployment that configures nothing gets: local mode (npm start, the e2e server) shows the
 * P2P market and P2C to everyone; elsewhere they are shown to testers only, until FEATURE_FLAGS opens them.
 */
export function defaultFeatureFlagPolicy(localMode: boolean): FeatureFlagPolicy {
  const released = [...p2pFeatureFlags, ...p2cFeatureFlags];
  return { public: localMode ? released : [], tester: released, testerIds: new Set() };
}

/** The user as the flags see them: the stored tester mark and stored flags. */
export interface FlaggedUser {
  readonly userId: number;
  readonly isTester: boolean;
  readonly storedFlags: Readonly<Record<string, boolean>>;
}

export function isTester(policy: FeatureFlagPolicy, user: Pick<FlaggedUser, 'userId' | 'isTester'>): boolean {
  return user.isTester || policy.testerIds.has(user.userId);
}

/** The flags the user's app acts on, and the server with it; only known flag names are answered. */
export function effectiveFeatureFlags(policy: FeatureFlagPolicy, user: FlaggedUser): Record<string, boolean> {
  const granted = new Set<string>([...policy.public, ...(isTester(policy, user) ? policy.tester : [])]);
  const flags: Record<string, boolean> = {};
  for (const name of featureFlagNames) {
    const stored = user.storedFlags[name];
    if (stored !== undefined) flags[name] = stored;
    else if (granted.has(name)) flags[name] = true;
  }
  return flags;
}

/** The user's effective flags, read from their settings row (none for a user without one). */
export async function featureFlagsOf(
  db: Database,
  policy: FeatureFlagPolicy,
  userId: number,
): Promise<Record<string, boolean>> {
  const [row] = await db
    .select({ isTester: userSettings.isTester, storedFlags: userSettings.featureFlags })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row === undefined ? {} : effectiveFeatureFlags(policy, { userId, ...row });
}
