import { createHmac, timingSafeEqual } from 'node:crypto';

/** Why Telegram data was refused; logged, and mapped to the API's stable error codes. */
export type TelegramAuthFailure =
  | 'malformed'
  | 'missing_hash'
  | 'hash_mismatch'
  | 'stale'
  | 'from_future'
  | 'invalid_user';

export type Verified<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: TelegramAuthFailure };

/** auth_date may run this far ahead of our clock (clock skew) before it counts as forged. */
export const allowedClockSkewSeconds = 300;

const sha256Hex = /^[0-9a-f]{64}$/;

/** Telegram's data-check-string: every field but `hash`, sorted by key, `key=value` joined by "\n". */
export function dataCheckString(fields: ReadonlyMap<string, string>): string {
  return [...fields.keys()]
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${fields.get(key) ?? ''}`)
    .join('\n');
}

export function hmacSha256Hex(key: Buffer, message: string): string {
  return createHmac('sha256', key).update(message, 'utf8').digest('hex');
}

/** Compares a received hash with the expected one in constant time (both 64 hex characters). */
export function hashMatches(received: string | undefined, expected: string): boolean {
  if (received === undefined || !sha256Hex.test(received)) return false;
  return timingSafeEqual(Buffer.from(received, 'hex'), Buffer.from(expected, 'hex'));
}

export function hasWellFormedHash(received: string | undefined): received is string {
  return received !== undefined && sha256Hex.test(received);
}

/** auth_date as Unix seconds, or null when it is not a plain positive integer. */
export function parseAuthDate(text: string | undefined): number | null {
  if (text === undefined || !/^[1-9][0-9]{0,11}$/.test(text)) return null;
  return Number(text);
}

/** The same freshness rule for both kinds of data: not older than max age, not from the future. */
export function freshness(authDate: number, now: Date, maxAgeSeconds: number): TelegramAuthFailure | null {
  const age = Math.floor(now.getTime() / 1000) - authDate;
  if (age > maxAgeSeconds) return 'stale';
  if (age < -allowedClockSkewSeconds) return 'from_future';
  return null;
}
