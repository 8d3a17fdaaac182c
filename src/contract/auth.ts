import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { userSettings } from './settings';
import { walletBalance } from './wallet-operations';

/**
 * The response header that carries the session token after a sign-in. The web wallet ignores it
 * (its session lives in an HttpOnly cookie); the mini app keeps it in memory and sends it as a
 * bearer token, because Telegram's web clients may drop the cookie of an app in an iframe.
 */
export const sessionTokenHeader = 'x-session-token';

/** Telegram's Login Widget data (spec 000 s.3, "sign-in payload for the cloud sign-in"). */
export const telegramLoginData = z.object({
  id: z.int().check(z.positive()),
  first_name: z.string().check(z.minLength(1), z.maxLength(256)),
  last_name: z.optional(z.string().check(z.maxLength(256))),
  username: z.optional(z.string().check(z.maxLength(64))),
  photo_url: z.optional(z.string().check(z.maxLength(2048))),
  auth_date: z.int().check(z.positive()),
  hash: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'Expected a hex SHA-256 hash')),
});
export type TelegramLoginData = z.infer<typeof telegramLoginData>;

/** The mini app's raw init data, exactly as Telegram passed it (a query string). */
export const webAppSignIn = z.object({
  initData: z.string().check(z.minLength(1), z.maxLength(8192)),
  /**
   * Telegram's client platform (`tgWebAppPlatform`: ios, android, tdesktop, …), unsigned: it only
   * labels the session in the user's list of signed-in devices (an unknown name is ignored).
   */
  platform: z.optional(z.string().check(z.maxLength(64))),
});
export type WebAppSignIn = z.infer<typeof webAppSignIn>;

/** What the web wallet needs to send a person to Telegram's login page (or the local stand-in). */
export const authenticationConfig = z.object({
  bot_id: z.int().check(z.positive()),
  bot_username: z.string(),
  /** Telegram's OAuth page, or the server's stand-in for it in local mode. */
  login_url: z.string(),
  local_mode: z.boolean(),
});
export type AuthenticationConfig = z.infer<typeof authenticationConfig>;

/**
 * What a sign-in answers: the user's settings (spec 000 s.7: "settings"), and the balance, which
 * the first screen shows at once instead of asking for it only after the sign-in has answered
 * (one round trip fewer before the home paints, docs/performance.md). Optional: a client that
 * knows only the settings ignores it, and the answer stays a valid settings object.
 */
export const signInAnswer = z.extend(userSettings, { balance: z.optional(walletBalance) });
export type SignInAnswer = z.infer<typeof signInAnswer>;

export const success = z.object({ success: z.boolean() });

export const authEndpoints = {
  getConfig: defineEndpoint({
    method: 'GET',
    path: '/authentication/config',
    response: authenticationConfig,
    auth: false,
  }),
  signInWithWebApp: defineEndpoint({
    method: 'POST',
    path: '/authentication/webapp',
    body: webAppSignIn,
    response: signInAnswer,
    errors: [401],
    auth: false,
  }),
  signInWithTelegram: defineEndpoint({
    method: 'POST',
    path: '/authentication/telegram',
    body: telegramLoginData,
    response: signInAnswer,
    errors: [401],
    auth: false,
  }),
  logOut: defineEndpoint({
    method: 'POST',
    path: '/authentication/logout',
    response: success,
    // A cookie-only logout without X-Requested-With is refused like any forgeable cookie write.
    errors: [403],
    auth: false,
  }),
};

/** Alphanumeric hashes, as the deep-link grammar admits them (spec 000 s.5). */
const attributionHash = z.string().check(z.regex(/^[A-Za-z0-9]{1,64}$/, 'Expected 1 to 64 letters or digits'));

export const referralEndpoints = {
  becomeReferral: defineEndpoint({
    method: 'POST',
    path: '/referrals/become',
    body: z.object({ invite_hash: attributionHash }),
    response: success,
    errors: [401, 403],
    auth: true,
  }),
  track: defineEndpoint({
    method: 'POST',
    path: '/tracking',
    body: z.object({ tracking_hash: attributionHash }),
    response: success,
    errors: [401, 403],
    auth: true,
  }),
};
