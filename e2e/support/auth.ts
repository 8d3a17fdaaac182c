import { createHmac } from 'node:crypto';

/** The bot token the end-to-end server runs with (local mode, set by scripts/e2e-server.ts). */
export const e2eBotToken = '7000000001:e2e-test-secret-not-for-production';

export interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

/**
 * Fields signed the way Telegram signs what it hands a mini app (init data, a `requestContact`
 * answer): HMAC-SHA256 of the sorted data-check-string, keyed by HMAC-SHA256("WebAppData", bot
 * token). Computed here on its own so the end-to-end tests check the server against the
 * algorithm, not against itself.
 */
function signWebAppData(fields: Record<string, string>, botToken: string): string {
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(dataCheckString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

/** Init data as Telegram signs it for a mini app (see {@link signWebAppData}). */
export function signedInitData(
  user: TelegramUser,
  options: { botToken?: string; authDate?: number; startParam?: string } = {},
): string {
  const fields: Record<string, string> = {
    user: JSON.stringify(user),
    chat_instance: '-4000000000000000000',
    chat_type: 'private',
    auth_date: String(options.authDate ?? Math.floor(Date.now() / 1000)),
    signature: 'e2e',
  };
  if (options.startParam) fields.start_param = options.startParam;
  return signWebAppData(fields, options.botToken ?? e2eBotToken);
}

/** The contact a person shares from Telegram's prompt: their own account's number. */
export interface SharedContact {
  user_id: number;
  phone_number: string;
  first_name: string;
  last_name?: string;
}

/**
 * The raw answer of `requestContact` (`contact=…&auth_date=…&hash=…`), signed like init data, as
 * Telegram's custom method `getRequestedContact` hands it to the mini app.
 */
export function signedContact(contact: SharedContact, options: { botToken?: string; authDate?: number } = {}): string {
  const fields: Record<string, string> = {
    contact: JSON.stringify(contact),
    auth_date: String(options.authDate ?? Math.floor(Date.now() / 1000)),
  };
  return signWebAppData(fields, options.botToken ?? e2eBotToken);
}
