import { createHmac } from 'node:crypto';
import * as z from 'zod/mini';
import {
  dataCheckString,
  freshness,
  hashMatches,
  hasWellFormedHash,
  hmacSha256Hex,
  parseAuthDate,
  type Verified,
} from './signature';

/** The `user` object of a mini app's init data (the fields we use; others are ignored). */
const initDataUser = z.object({
  id: z.int().check(z.positive()),
  first_name: z.string().check(z.minLength(1), z.maxLength(256)),
  last_name: z.optional(z.string().check(z.maxLength(256))),
  username: z.optional(z.string().check(z.maxLength(64))),
  language_code: z.optional(z.string().check(z.maxLength(35))),
  photo_url: z.optional(z.string().check(z.maxLength(2048))),
  is_premium: z.optional(z.boolean()),
});
export type InitDataUser = z.infer<typeof initDataUser>;

export interface InitData {
  readonly user: InitDataUser;
  readonly authDate: number;
  readonly startParam: string | null;
}

/** secret_key = HMAC_SHA256(key = "WebAppData", message = bot_token). */
function webAppSecret(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken, 'utf8').digest();
}

/** The fields of a query string, decoded; null when a key repeats (Telegram never sends that). */
function parseFields(raw: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(raw)) {
    if (fields.has(key)) return null;
    fields.set(key, value);
  }
  return fields;
}

function parseUser(json: string | undefined): InitDataUser | null {
  if (json === undefined) return null;
  try {
    const result = z.safeParse(initDataUser, JSON.parse(json));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** A mini app's signed data (init data, a `requestContact` answer): its fields and auth_date. */
export interface WebAppData {
  readonly fields: ReadonlyMap<string, string>;
  readonly authDate: number;
}

/**
 * Checks data a mini app received from Telegram the way Telegram documents it for init data: the
 * data-check-string of every field but `hash` (a `signature` field included), HMAC-SHA256 keyed
 * by the WebAppData secret of our bot token, compared in constant time; then auth_date's
 * freshness. Data signed for another bot fails the hash. The answer of `requestContact` is signed
 * the same way.
 */
export function verifyWebAppData(
  raw: string,
  botToken: string,
  now: Date,
  maxAgeSeconds: number,
): Verified<WebAppData> {
  const fields = parseFields(raw);
  if (fields === null) return { ok: false, reason: 'malformed' };
  const received = fields.get('hash');
  if (!hasWellFormedHash(received)) return { ok: false, reason: 'missing_hash' };
  const expected = hmacSha256Hex(webAppSecret(botToken), dataCheckString(fields));
  if (!hashMatches(received, expected)) return { ok: false, reason: 'hash_mismatch' };
  const authDate = parseAuthDate(fields.get('auth_date'));
  if (authDate === null) return { ok: false, reason: 'malformed' };
  const stale = freshness(authDate, now, maxAgeSeconds);
  if (stale !== null) return { ok: false, reason: stale };
  return { ok: true, value: { fields, authDate } };
}

/** {@link verifyWebAppData} of init data, then its `user` object. */
export function verifyInitData(raw: string, botToken: string, now: Date, maxAgeSeconds: number): Verified<InitData> {
  const verified = verifyWebAppData(raw, botToken, now, maxAgeSeconds);
  if (!verified.ok) return verified;
  const { fields, authDate } = verified.value;
  const user = parseUser(fields.get('user'));
  if (user === null) return { ok: false, reason: 'invalid_user' };
  return { ok: true, value: { user, authDate, startParam: fields.get('start_param') ?? null } };
}

/**
 * Signs init data exactly as Telegram does and returns the raw query string, `hash` last. For
 * the local stand-in and tests; `fields` are the decoded values (`user` as its JSON text).
 */
export function signInitData(fields: Readonly<Record<string, string>>, botToken: string): string {
  const hash = hmacSha256Hex(webAppSecret(botToken), dataCheckString(new Map(Object.entries(fields))));
  return new URLSearchParams({ ...fields, hash }).toString();
}
