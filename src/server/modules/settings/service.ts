import { and, eq } from 'drizzle-orm';
import { isPermitted, type UserSettings, type UserSettingsUpdate } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { assets } from '../../db/schema/catalogue';
import { userSettings } from '../../db/schema/users';
import { unauthorized, validationFailed } from '../../http/api-error';
import { canAcceptP2cOrder } from '../p2c-accounts/access';
import { canCreateP2cOrder } from '../p2c-payments/access';
import { settingsSecurity } from '../security/info';
import { effectiveFeatureFlags, type FeatureFlagPolicy, isTester } from './feature-flags';

type SettingsRow = typeof userSettings.$inferSelect;

async function toUserSettings(db: Database, flags: FeatureFlagPolicy, row: SettingsRow): Promise<UserSettings> {
  const user = { userId: row.userId, isTester: row.isTester, storedFlags: row.featureFlags };
  return {
    ...(await settingsSecurity(db, row.userId)),
    id: row.userId,
    language: row.language === 'ru' ? 'ru' : 'en',
    local_currency: row.localCurrency,
    timezone: row.timezone,
    permissions: {
      ...row.permissions,
      // Only an explicit false forbids: the merchant condition answers false, a stored false stays.
      can_accept_p2c_order:
        isPermitted(row.permissions, 'can_accept_p2c_order') && (await canAcceptP2cOrder(db, row.userId, new Date())),
      // The client's condition (docs/p2c.md "Who may pay") includes a stored false.
      can_create_p2c_order: await canCreateP2cOrder(db, row.userId, new Date()),
    },
    compliance: {
      lock: row.complianceLock,
      ban: row.complianceBan,
      ban_reason: row.banReason,
      pending_actions_from_user: row.pendingActionsFromUser,
      soft_ban_until: row.softBanUntil === null ? null : row.softBanUntil.toISOString(),
    },
    is_tester: isTester(flags, user),
    feature_flags: effectiveFeatureFlags(flags, user),
  };
}

export async function getUserSettings(db: Database, flags: FeatureFlagPolicy, userId: number): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  // A live session whose user has no settings row means the account was removed under it.
  if (row === undefined) throw unauthorized();
  return toUserSettings(db, flags, row);
}

async function isEnabledFiat(db: Database, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: assets.code })
    .from(assets)
    .where(and(eq(assets.code, code), eq(assets.isFiat, true), eq(assets.isEnabled, true)));
  return row !== undefined;
}

/** Merges the given fields into the user's settings; fields not given keep their value. */
export async function updateUserSettings(
  db: Database,
  flags: FeatureFlagPolicy,
  userId: number,
  update: UserSettingsUpdate,
  now: Date = new Date(),
): Promise<UserSettings> {
  if (update.local_currency !== undefined && !(await isEnabledFiat(db, update.local_currency))) {
    throw validationFailed({
      location: 'body',
      issues: [{ path: ['local_currency'], code: 'invalid_value', message: 'Not a currency of the catalogue' }],
    });
  }
  const [row] = await db
    .update(userSettings)
    .set({
      ...(update.language === undefined ? {} : { language: update.language }),
      ...(update.local_currency === undefined ? {} : { localCurrency: update.local_currency }),
      ...(update.timezone === undefined ? {} : { timezone: update.timezone }),
      updatedAt: now,
    })
    .where(eq(userSettings.userId, userId))
    .returning();
  if (row === undefined) throw unauthorized();
  return toUserSettings(db, flags, row);
}
