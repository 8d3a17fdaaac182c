import { createHash, createHmac } from 'node:crypto';

/**
 * Telegram's algorithms written out again, independently of the server's code, so tests check
 * the server against the documented algorithm and not against itself.
 */

/** The bot token the test server runs with. */
export const testBotToken = '123456789:AAHtest-secret_for-server-tests-0001';
export const testBotId = 123456789;
/** Another bot: data signed with its token must not sign anyone in. */
export const otherBotToken = '987654321:AAHanother-bot-secret-000000000000000';

function checkString(fields: Readonly<Record<string, string>>): string {
  return Object.keys(fields)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
}

/** hex(HMAC_SHA256(HMAC_SHA256("WebAppData", token), data_check_string)). */
export function initDataHash(fields: Readonly<Record<string, string>>, botToken = testBotToken): string {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  return createHmac('sha256', secret).update(checkString(fields)).digest('hex');
}

/** Raw init data as a mini app receives it (URL-encoded, hash included). */
export function initData(fields: Readonly<Record<string, string>>, botToken = testBotToken): string {
  return new URLSearchParams({ ...fields, hash: initDataHash(fields, botToken) }).toString();
}

/** hex(HMAC_SHA256(SHA256(token), data_check_string)). */
export function loginWidgetHash(fields: Readonly<Record<string, string | number>>, botToken = testBotToken): string {
  const text = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)]));
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(checkString(text)).digest('hex');
}

export function loginWidgetData<F extends Readonly<Record<string, string | number>>>(
  fields: F,
  botToken = testBotToken,
): F & { hash: string } {
  return { ...fields, hash: loginWidgetHash(fields, botToken) };
}

export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

let nextTelegramId = 200_000_001;

/** A fresh Telegram user id per call, so tests sharing a database never collide. */
export function newTelegramId(): number {
  return nextTelegramId++;
}

/** The usual init data of a private chat launch for a user. */
export function miniAppFields(
  user: Readonly<Record<string, string | number | boolean>>,
  authDate: number,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  return {
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify(user),
    auth_date: String(authDate),
    signature: 'c2lnbmF0dXJlLW9mLXRlbGVncmFtLWZvci10aGlyZC1wYXJ0aWVz',
    ...extra,
  };
}
