import * as z from 'zod/mini';

/** Address-book titles and deposit-address names are at most this long (spec 000 s.5). */
export const addressNameMaxLength = 29;

/**
 * Stable codes of a name that fails the rules; the client shows "Name must be less than 30
 * characters" for `name_too_long` and its invalid-name text for the others.
 */
export const addressNameIssues = {
  required: 'name_required',
  tooLong: 'name_too_long',
  invalid: 'name_invalid',
} as const;

/** Word characters and hyphens, with an optional .ton, .gram or .t.me suffix (spec 000 s.5). */
export const addressNamePattern = /^[\p{L}\p{N}_-]+(?:\.ton|\.gram|\.t\.me)?$/u;

/**
 * A display name for an address: trimmed, required, at most 29 characters, word characters and
 * hyphens with an optional .ton, .gram or .t.me suffix. The issue messages are the stable codes
 * above, so the app can translate them and the server answers them in `validation_failed`.
 */
export const addressName = z.pipe(
  z.string().check(z.trim()),
  z
    .string()
    .check(
      z.minLength(1, addressNameIssues.required),
      z.maxLength(addressNameMaxLength, addressNameIssues.tooLong),
      z.regex(addressNamePattern, addressNameIssues.invalid),
    ),
);
