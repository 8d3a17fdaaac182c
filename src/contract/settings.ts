import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';

export const languages = ['en', 'ru'] as const;
export const language = z.enum(languages);
export type Language = z.infer<typeof language>;

/** Permission flags the server may send; a flag that is absent means allowed. */
export const permissionNames = [
  'can_deposit',
  'can_withdraw',
  'can_create_market_offer',
  'can_create_market_order',
  'can_pay_invoice',
  'can_create_exchange_order',
  'can_join_giveaway',
  'can_swap',
  'can_join_campaign',
  'can_spin_wheel',
  'can_participate_raffle',
  'can_upload_files',
  'can_create_p2c_order',
  'can_accept_p2c_order',
] as const;
export type PermissionName = (typeof permissionNames)[number];

/** Feature flags the server may send; an absent flag means the feature is hidden. */
export const featureFlagNames = [
  'show_p2c',
  'show_wheel_spin',
  'show_p2c_banner',
  'show_p2c_basic_verification',
  'show_withdraw_basic_verification',
  'show_p2p',
  'show_p2p_offers',
  'show_p2p_methods',
  'show_asset_chart',
  'show_exchange_chart',
  'show_dev_portal',
] as const;
export type FeatureFlagName = (typeof featureFlagNames)[number];

/** The spec's one rule for permissions: only an explicit `false` forbids. */
export function isPermitted(permissions: Readonly<Record<string, boolean>>, name: PermissionName): boolean {
  return permissions[name] !== false;
}

export const compliance = z.object({
  /** Money is locked: no withdrawals and no trading. */
  lock: z.boolean(),
  /** Blocked for good. */
  ban: z.boolean(),
  ban_reason: z.nullable(z.string()),
  /** Compliance waits for the user (documents or verification requested). */
  pending_actions_from_user: z.boolean(),
  /** Until when a temporary block lasts, or null. */
  soft_ban_until: z.nullable(z.iso.datetime({ offset: true })),
});
export type Compliance = z.infer<typeof compliance>;

/**
 * The spec's blocked rule: lock or ban; and, our decision (docs/verification.md), a soft ban, which
 * blocks the same areas as a lock until `soft_ban_until` passes and then lifts by itself.
 */
export function isBlocked(value: Compliance, now: Date = new Date()): boolean {
  return value.lock || value.ban || isSoftBanned(value, now);
}

/** A soft ban in force: `soft_ban_until` is still ahead. */
export function isSoftBanned(value: Pick<Compliance, 'soft_ban_until'>, now: Date = new Date()): boolean {
  return value.soft_ban_until !== null && Date.parse(value.soft_ban_until) > now.getTime();
}

/** Time zones renamed in the IANA database that the device may still report by the old name. */
const renamedTimeZones: Readonly<Record<string, string>> = {
  'Europe/Kiev': 'Europe/Kyiv',
};

export function normalizeTimeZone(timeZone: string): string {
  return renamedTimeZones[timeZone] ?? timeZone;
}

function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name; old names are saved under their current name (Europe/Kiev → Europe/Kyiv). */
export const timeZone = z
  .string()
  .check(z.refine(isKnownTimeZone, 'Unknown time zone'), z.overwrite(normalizeTimeZone));

/** A fiat currency code of the catalogue, e.g. "RUB". The server checks it is in the catalogue. */
export const currencyCode = z.string().check(z.regex(/^[A-Z]{3}$/, 'Expected a currency code such as USD'));

export const userSettings = z.object({
  /** The user's id (the Telegram user id). */
  id: z.number(),
  language,
  local_currency: currencyCode,
  /** Null until the client sends the device's zone. */
  timezone: z.nullable(z.string()),
  permissions: z.record(z.string(), z.boolean()),
  compliance,
  is_tester: z.boolean(),
  feature_flags: z.record(z.string(), z.boolean()),
  /** The backup e-mail is confirmed (spec 001 s.3). Optional: older answers lack the security fields. */
  isEmailConfirmed: z.optional(z.boolean()),
  /** A passcode is set and confirmed in the bot chat. */
  passCode: z.optional(z.boolean()),
  /** The backup e-mail, confirmed or not, or null. */
  email: z.optional(z.nullable(z.string())),
  /** Biometrics are enabled on at least one device. */
  biometric: z.optional(z.boolean()),
});
export type UserSettings = z.infer<typeof userSettings>;

/** What a user may change; any subset, merged into the stored settings. */
export const userSettingsUpdate = z.strictObject({
  language: z.optional(language),
  local_currency: z.optional(currencyCode),
  timezone: z.optional(timeZone),
});
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdate>;

export const settingsEndpoints = {
  getSettings: defineEndpoint({
    method: 'GET',
    path: '/user/settings',
    response: userSettings,
    errors: [401],
    auth: true,
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/user/settings',
    body: userSettingsUpdate,
    response: userSettings,
    errors: [401, 403],
    auth: true,
  }),
};
