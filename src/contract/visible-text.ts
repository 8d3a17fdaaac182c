import * as z from 'zod/mini';

/**
 * No control characters and no invisible formatting (bidi overrides that show "exe.gnp" as
 * "png.exe", zero-width spaces, soft hyphens): what one person types, another reads as it is.
 * ZWNJ and ZWJ stay, since Persian and Indic names are written with them.
 */
export const visibleTextPattern = /^(?:[^\p{Cc}\p{Cf}]|[\u200C\u200D])*$/u;

/** The same for a text of several lines: line breaks are its only control character. */
export const visibleLinesPattern = /^(?:[^\p{Cc}\p{Cf}]|[\n\u200C\u200D])*$/u;

export const visibleText = z.regex(visibleTextPattern, 'Must not contain control characters or invisible formatting');

export const visibleLines = z.regex(
  visibleLinesPattern,
  'Must not contain control characters other than line breaks, or invisible formatting',
);
