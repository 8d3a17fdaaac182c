import * as z from 'zod/mini';
import { verifyWebAppData } from './init-data';
import type { Verified } from './signature';

/** The `contact` object of a `requestContact` answer (the fields we use; others are ignored). */
const sharedContact = z.object({
  user_id: z.int().check(z.positive()),
  phone_number: z.string().check(z.minLength(1), z.maxLength(32)),
  first_name: z.optional(z.string().check(z.maxLength(256))),
  last_name: z.optional(z.string().check(z.maxLength(256))),
});

export interface TelegramContact {
  /** The Telegram account whose number this is. */
  readonly userId: number;
  /** As Telegram wrote it: digits, with or without a leading `+`. */
  readonly phoneNumber: string;
  readonly authDate: number;
}

function parseContact(json: string | undefined): z.infer<typeof sharedContact> | null {
  if (json === undefined) return null;
  try {
    const result = z.safeParse(sharedContact, JSON.parse(json));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * Checks the raw answer of the mini app's `requestContact` (`contact=…&auth_date=…&hash=…`),
 * signed by Telegram exactly like init data (see {@link verifyWebAppData}): a forged answer, one
 * signed for another bot or a stale one is refused; then the `contact` object (a malformed one is
 * `invalid_user`). Whose contact it is, is for the caller to compare.
 */
export function verifyContact(
  raw: string,
  botToken: string,
  now: Date,
  maxAgeSeconds: number,
): Verified<TelegramContact> {
  const verified = verifyWebAppData(raw, botToken, now, maxAgeSeconds);
  if (!verified.ok) return verified;
  const contact = parseContact(verified.value.fields.get('contact'));
  if (contact === null) return { ok: false, reason: 'invalid_user' };
  return {
    ok: true,
    value: { userId: contact.user_id, phoneNumber: contact.phone_number, authDate: verified.value.authDate },
  };
}
