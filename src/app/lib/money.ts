import type { Asset } from '../../contract/wallet.ts';

/**
 * Amounts as spec 000 s.5 and s.9 show them. The wire carries integer smallest units as strings;
 * display only moves the decimal point and cuts digits, so it is done on the digits themselves
 * (a BigInt reads the integer, never a float: 18-decimal tokens lose digits in a double). That
 * keeps decimal.js off the screens that only show amounts (issue 10: the signed-in home's first
 * screen); conversions that compute (display units → smallest units) are in moneyUnits.ts.
 * Decisions (symbol placement, decimal mark, zero) are in docs/formatting.md.
 */

/** Grouping for crypto and RUB: a no-break space, so "1 250" never wraps between its digits. */
export const spaceSeparator = '\u00a0';
/** Grouping for fiat other than RUB. */
export const commaSeparator = ',';
/** The minus sign (U+2212), not a hyphen: it lines up with "+" and with the digits. */
export const minusSign = '\u2212';

/** Fiat always shows this many decimals ("$5.00"); spec 000 s.9 "Fiat precision is 2 digits". */
const fiatMinimumDecimals = 2;

/** Fiat whose sign goes before the number, as in English price tags: "$1,234.56", "€5.00". */
const prefixedFiatCodes: ReadonlySet<string> = new Set(['USD', 'EUR', 'GBP', 'CNY', 'INR', 'BRL', 'ILS', 'THB', 'TRY']);

/**
 * An integer amount of smallest units in display units, exactly: its sign, the digits before the
 * decimal point (no leading zeros; "0" below 1) and exactly `decimals` digits after it.
 * "150000000", 8 → 1 and 50000000. The amount comes from the validated wire, so text that is not
 * an integer throws (a SyntaxError from BigInt).
 */
interface DisplayUnits {
  readonly negative: boolean;
  readonly integer: string;
  readonly fraction: string;
}

function displayUnits(smallest: string, decimals: number): DisplayUnits {
  const value = BigInt(smallest);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const point = digits.length - decimals;
  return { negative, integer: digits.slice(0, point), fraction: digits.slice(point) };
}

function hasSignificantDigit(digits: string): boolean {
  return /[1-9]/.test(digits);
}

/** Spec 000 s.9: a space for crypto and RUB, a comma for other fiat. */
function groupSeparator(asset: Asset): string {
  return asset.is_fiat && asset.code !== 'RUB' ? commaSeparator : spaceSeparator;
}

/**
 * How many decimals an amount shows: the view precision, but a non-zero number below 1 gains
 * decimals until its first significant digit appears, never more than the asset has.
 */
function shownDecimals(units: DisplayUnits, viewDecimals: number, assetDecimals: number): number {
  const precision = Math.min(viewDecimals, assetDecimals);
  if (units.integer !== '0' || !hasSignificantDigit(units.fraction)) return precision;
  // For 0.000123 the first significant digit is the 4th decimal.
  const firstSignificantDecimal = units.fraction.search(/[1-9]/) + 1;
  return Math.max(precision, Math.min(firstSignificantDecimal, assetDecimals));
}

/** "1234567" → "1 234 567" with the given separator. */
export function groupThousands(integerDigits: string, separator: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

function trimFraction(fraction: string, keep: number): string {
  let end = fraction.length;
  while (end > keep && fraction[end - 1] === '0') end -= 1;
  return fraction.slice(0, end);
}

interface FormatOptions {
  /** The detail precision (view_full_decimals) instead of the list one (view_decimals). */
  readonly full?: boolean;
  /** "+" before a positive amount (a minus is always shown). */
  readonly signed?: boolean;
}

interface SignedNumber {
  readonly sign: string;
  readonly digits: string;
}

function formatParts(smallest: string, asset: Asset, options: FormatOptions): SignedNumber {
  const units = displayUnits(smallest, asset.decimals);
  const decimals = shownDecimals(units, options.full ? asset.view_full_decimals : asset.view_decimals, asset.decimals);
  // Cutting the digits is rounding down (toward zero) to the shown precision.
  const shownFraction = units.fraction.slice(0, decimals);
  const fraction = trimFraction(shownFraction, asset.is_fiat ? Math.min(fiatMinimumDecimals, decimals) : 0);
  const grouped = groupThousands(units.integer, groupSeparator(asset));
  const digits = fraction === '' ? grouped : `${grouped}.${fraction}`;
  let sign = '';
  if (units.integer !== '0' || hasSignificantDigit(shownFraction)) {
    if (units.negative) sign = minusSign;
    else if (options.signed) sign = '+';
  }
  return { sign, digits };
}

/**
 * The number alone: list precision (`view_decimals`) or `full` (`view_full_decimals`), always
 * rounded down; below 1 it gains decimals until a significant digit (at most the asset's
 * decimals); trailing zeros trimmed, except that fiat keeps 2; thousands grouped per spec 000 s.9.
 * `signed` adds "+" to a positive amount; a negative one always shows "−" (U+2212).
 */
export function formatAssetNumber(smallest: string, asset: Asset, options: FormatOptions = {}): string {
  const { sign, digits } = formatParts(smallest, asset, options);
  return `${sign}${digits}`;
}

/**
 * The number with its unit: crypto by code ("0.0012 BTC", "1 250.5 USDT"); fiat by its symbol,
 * before the number for dollar-like signs ("$1,234.56"), after it otherwise ("1 234.56 ₽"); a
 * currency whose symbol is its code (KGS) by code after the number ("1,234.56 KGS").
 */
export function formatAssetAmount(smallest: string, asset: Asset, options: FormatOptions = {}): string {
  const { sign, digits } = formatParts(smallest, asset, options);
  if (asset.is_fiat && asset.symbol !== asset.code && prefixedFiatCodes.has(asset.code)) {
    return `${sign}${asset.symbol}${digits}`;
  }
  const unit = asset.is_fiat ? asset.symbol : asset.code;
  return `${sign}${digits}${spaceSeparator}${unit}`;
}
