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
 * Init data signed the way Telegram signs it for a mini app: HMAC-SHA256 of the sorted
 * data-check-string, keyed by HMAC-SHA256("WebAppData", bot token). Computed here on its own so
 * the end-to-end tests check the server against the algorithm, not against itself.
 */
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
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData')
    .update(options.botToken ?? e2eBotToken)
    .digest();
  const hash = createHmac('sha256', secret).update(dataCheckString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}
