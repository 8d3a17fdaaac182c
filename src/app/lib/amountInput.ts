/**
 * The one rule for every amount field of the app (withdraw now, P2P offers and orders next), from
 * spec 001 s.5 "A comma is taken as a decimal point and spaces are removed": what a person typed →
 * integer smallest units, by string work alone (no Decimal, no float), so the digits typed are the
 * digits sent.
 *
 * Anything else that could be read two ways is a problem named in words, never a guess: "1,000.5"
 * (a comma is a decimal point here, so this has two marks), "1e3" (an exponent), letters, signs,
 * more decimals than the asset has. The field shows exactly what was typed; nothing is dropped or
 * rewritten while typing, so what the person sees is what is checked. See docs/formatting.md.
 */

export type AmountInputProblem =
  /** Nothing but spaces. */
  | 'empty'
  /** More than one "." or "," ("1,000.5", "1.000,5", "1.2.3"): which one is the decimal point? */
  | 'two_marks'
  /** Scientific notation ("1e3", "2E-5"): people do not mean it in a money field. */
  | 'exponent'
  /** Letters, signs or other symbols, or no digit at all ("-5", "$5", "abc", "."). */
  | 'not_a_number'
  /** More significant decimals than the asset has. */
  | 'too_many_decimals'
  /** A number that is zero ("0", "0,00"). */
  | 'zero';

export type AmountInputResult =
  | { readonly ok: true; readonly smallest: string }
  | { readonly ok: false; readonly problem: AmountInputProblem };

/** Any white space, including the no-break spaces our own formatting puts between thousands. */
const spaces = /\s/g;
const marks = /[.,]/g;
const exponentForm = /^[.,\d]*\d[eE][+-]?\d+$/;
const plainNumber = /^(\d*)(?:[.,](\d*))?$/;

/**
 * Parses a typed amount for an asset with `decimals` decimals. Zeros past the last significant
 * decimal change nothing and are accepted ("1.500" for a 2-decimal asset is 1.5); a lone leading
 * or trailing mark is read as written (".5" is 0.5, "5." is 5).
 */
export function parseAmountInput(text: string, decimals: number): AmountInputResult {
  const compact = text.replace(spaces, '');
  if (compact === '') return { ok: false, problem: 'empty' };
  if ((compact.match(marks) ?? []).length > 1) return { ok: false, problem: 'two_marks' };
  if (exponentForm.test(compact)) return { ok: false, problem: 'exponent' };
  const match = plainNumber.exec(compact);
  if (match === null || !/\d/.test(compact)) return { ok: false, problem: 'not_a_number' };
  const integerDigits = match[1] ?? '';
  const fractionDigits = (match[2] ?? '').replace(/0+$/, '');
  if (fractionDigits.length > decimals) return { ok: false, problem: 'too_many_decimals' };
  const smallest = `${integerDigits}${fractionDigits.padEnd(decimals, '0')}`.replace(/^0+/, '');
  if (smallest === '') return { ok: false, problem: 'zero' };
  return { ok: true, smallest };
}

/**
 * Smallest units as the plain text a person would type ("99500000", 6 → "99.5"): what a "Max"
 * button puts in a field, and what `parseAmountInput` reads back as exactly the same amount.
 */
export function amountInputText(smallest: string, decimals: number): string {
  if (decimals === 0) return BigInt(smallest).toString();
  const digits = BigInt(smallest)
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}
