/**
 * Amount fields: what a person types → integer smallest units. Pure string work (no Decimal, no
 * float): the digits typed are the digits sent. The decimal mark may be "," or "." (Russian
 * keyboards type ","), spaces are ignored (people paste "1 250.5").
 */

export type AmountInputResult =
  | { readonly ok: true; readonly smallest: string }
  | { readonly ok: false; readonly reason: 'empty' | 'format' | 'too_many_decimals' | 'zero' };

/** Any space, including the no-break spaces our own formatting puts between thousands. */
const spaces = /\s/g;
const plainNumber = /^(\d*)(?:[.,](\d*))?$/;

/**
 * Parses a typed amount. Refuses more decimals than the asset has (digits beyond them are a
 * mistake, not something to round away), but zeros past the last significant decimal are
 * harmless and accepted ("1.500" for a 2-decimal asset is 1.5).
 */
export function parseAmountInput(text: string, decimals: number): AmountInputResult {
  const compact = text.replace(spaces, '');
  if (compact === '') return { ok: false, reason: 'empty' };
  const match = plainNumber.exec(compact);
  const integerDigits = match?.[1] ?? '';
  const fractionDigits = (match?.[2] ?? '').replace(/0+$/, '');
  if (match === null || (integerDigits === '' && (match[2] ?? '') === '')) return { ok: false, reason: 'format' };
  if (fractionDigits.length > decimals) return { ok: false, reason: 'too_many_decimals' };
  const smallest = `${integerDigits}${fractionDigits.padEnd(decimals, '0')}`.replace(/^0+/, '');
  if (smallest === '') return { ok: false, reason: 'zero' };
  return { ok: true, smallest };
}

/**
 * Keeps a field's text sane while typing: only digits and one decimal mark (shown as "."), no
 * leading zeros before other digits, at most `decimals` decimals (extra ones are dropped as they
 * are typed), no mark at all for an asset without decimals. A leading mark becomes "0.".
 */
export function sanitiseAmountTyping(text: string, decimals: number): string {
  const kept = text.replace(/[^\d.,]/g, '').replace(/,/g, '.');
  const markAt = kept.indexOf('.');
  const integerTyped = markAt === -1 ? kept : kept.slice(0, markAt);
  const integerDigits = integerTyped.replace(/^0+(?=\d)/, '');
  if (markAt === -1 || decimals === 0) return integerDigits;
  const fractionDigits = kept
    .slice(markAt + 1)
    .replace(/\./g, '')
    .slice(0, decimals);
  return `${integerDigits === '' ? '0' : integerDigits}.${fractionDigits}`;
}
