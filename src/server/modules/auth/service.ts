import type { UserSettings } from '../../../contract/settings';
import type { Database } from '../../db/database';
import type { FeatureFlagPolicy } from '../settings/feature-flags';
import { getUserSettings } from '../settings/service';
import { type UserProfile, upsertUser } from '../users/service';
import { createSession, deleteExpiredSessions, deleteSession, type SessionPolicy } from './sessions';

export interface SignedIn {
  readonly settings: UserSettings;
  /** The new session's raw token. */
  readonly token: string;
}

/**
 * Signs a verified Telegram user in: creates or refreshes the user, opens a new session (a new
 * token on every sign-in) and answers their settings. The user's other sessions stay valid
 * (another device, the mini app and the web wallet side by side); the session this browser's
 * cookie held is replaced, and the user's expired sessions are swept.
 */
export async function signIn(
  db: Database,
  profile: UserProfile,
  options: {
    readonly now: Date;
    readonly policy: SessionPolicy;
    readonly featureFlags: FeatureFlagPolicy;
    readonly replacedToken: string | undefined;
    /** What the user's list of sessions shows for it: `mini_app` or `web`, and a short label. */
    readonly platform: 'mini_app' | 'web';
    readonly device: string;
  },
): Promise<SignedIn> {
  await upsertUser(db, profile, options.now);
  if (options.replacedToken !== undefined) await deleteSession(db, options.replacedToken);
  await deleteExpiredSessions(db, profile.id, options.now, options.policy);
  const { token } = await createSession(db, profile.id, {
    now: options.now,
    lifetimeMs: options.policy.maxAgeMs,
    platform: options.platform,
    device: options.device,
  });
  return { settings: await getUserSettings(db, options.featureFlags, profile.id), token };
}
