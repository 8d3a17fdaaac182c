import { createHash } from 'node:crypto';
import {
  dataCheckString,
  freshness,
  hashMatches,
  hasWellFormedHash,
  hmacSha256Hex,
  parseAuthDate,
  type Verified,
} from './signature';

/** Who the Login Widget (or the OAuth page's result) says signed in. */
export interface LoginWidgetUser {
  readonly id: number;
  readonly firstName: string;
  readonly lastName: string | null;
  readonly username: string | null;
  readonly photoUrl: string | null;
  readonly authDate: number;
}

/** The Login Widget's values: strings, or numbers for id and auth_date once JSON carried them. */
export type LoginWidgetFields = Readonly<Record<string, unknown>>;

/** secret_key = SHA256(bot_token). */
function loginWidgetSecret(botToken: string): Buffer {
  return createHash('sha256').update(botToken, 'utf8').digest();
}

/** The received fields as text, as Telegram wrote them; null if one is not a string or integer. */
function asText(data: LoginWidgetFields): Map<string, string> | null {
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (typeof value === 'string') fields.set(key, value);
    else if (typeof value === 'number' && Number.isSafeInteger(value)) fields.set(key, String(value));
    else return null;
  }
  return fields;
}

function toUser(fields: ReadonlyMap<string, string>, authDate: number): LoginWidgetUser | null {
  const id = Number(fields.get('id'));
  const firstName = fields.get('first_name');
  if (!/^[1-9][0-9]{0,15}$/.test(fields.get('id') ?? '') || !Number.isSafeInteger(id)) return null;
  if (firstName === undefined || firstName === '') return null;
  return {
    id,
    firstName,
    lastName: fields.get('last_name') ?? null,
    username: fields.get('username') ?? null,
    photoUrl: fields.get('photo_url') ?? null,
    authDate,
  };
}

/**
 * Checks Login Widget data the way Telegram documents it: the data-check-string of the received
 * fields but `hash` (only those present), HMAC-SHA256 keyed by SHA-256 of our bot token,
 * compared in constant time; then the same freshness rule as init data.
 */
export function verifyLoginWidget(
  data: LoginWidgetFields,
  botToken: string,
  now: Date,
  maxAgeSeconds: number,
): Verified<LoginWidgetUser> {
  const fields = asText(data);
  if (fields === null) return { ok: false, reason: 'malformed' };
  const received = fields.get('hash');
  if (!hasWellFormedHash(received)) return { ok: false, reason: 'missing_hash' };
  const expected = hmacSha256Hex(loginWidgetSecret(botToken), dataCheckString(fields));
  if (!hashMatches(received, expected)) return { ok: false, reason: 'hash_mismatch' };
  const authDate = parseAuthDate(fields.get('auth_date'));
  if (authDate === null) return { ok: false, reason: 'malformed' };
  const stale = freshness(authDate, now, maxAgeSeconds);
  if (stale !== null) return { ok: false, reason: stale };
  const user = toUser(fields, authDate);
  return user === null ? { ok: false, reason: 'invalid_user' } : { ok: true, value: user };
}

/** Signs Login Widget fields exactly as Telegram does: the same fields plus `hash`. */
export function signLoginWidget<F extends Readonly<Record<string, string | number>>>(
  fields: F,
  botToken: string,
): F & { readonly hash: string } {
  const text = new Map(Object.entries(fields).map(([key, value]) => [key, String(value)] as const));
  return { ...fields, hash: hmacSha256Hex(loginWidgetSecret(botToken), dataCheckString(text)) };
}
