import Decimal from 'decimal.js';
import type { Asset } from '../../contract/wallet.ts';

/**
 * Amounts as spec 000 s.5 and s.9 show them. The wire carries integer smallest units as strings;
 * here they become decimal.js values (never floats: 18-decimal tokens lose digits in a double)
 * and then text. Decisions (symbol placement, decimal mark, zero) are in docs/formatting.md.
 */

/** A private Decimal: our rounding and exponent settings never leak into other users of decimal.js. */
const Exact = Decimal.clone({ precision: 200, toExpNeg: -100, toExpPos: 100 });

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
 * Exact display units of an integer amount of smallest units: "150000000", 8 → 1.5. The amount
 * comes from the validated wire, so text that is not a number throws (a decimal.js error).
 */
export function unitsFromSmallest(smallest: string, decimals: number): Decimal {
  return new Exact(smallest).div(new Exact(10).pow(decimals));
}

function toDecimal(value: Decimal | string): Decimal | null {
  try {
    const decimal = new Exact(typeof value === 'string' ? value.trim() : value);
    return decimal.isFinite() ? decimal : null;
  } catch {
    return null;
  }
}

/**
 * Display units → whole smallest units, rounding down (toward zero: a conversion never makes an
 * amount bigger). Null when the value is not a number or is less than one smallest unit.
 */
export function smallestFromUnits(units: Decimal | string, decimals: number): string | null {
  const decimal = toDecimal(units);
  if (decimal === null) return null;
  const smallest = decimal.mul(new Exact(10).pow(decimals)).toDecimalPlaces(0, Decimal.ROUND_DOWN);
  if (smallest.abs().lt(1)) return null;
  return smallest.toFixed(0);
}

/** Spec 000 s.5: an amount is representable only if it is at least one smallest unit after scaling. */
export function isRepresentable(units: Decimal | string, decimals: number): boolean {
  return smallestFromUnits(units, decimals) !== null;
}

/** Spec 000 s.9: a space for crypto and RUB, a comma for other fiat. */
function groupSeparator(asset: Asset): string {
  return asset.is_fiat && asset.code !== 'RUB' ? commaSeparator : spaceSeparator;
}

/**
 * How many decimals a magnitude shows: the view precision, but a non-zero number below 1 gains
 * decimals until its first significant digit appears, never more than the asset has.
 */
function shownDecimals(magnitude: Decimal, viewDecimals: number, assetDecimals: number): number {
  const precision = Math.min(viewDecimals, assetDecimals);
  if (magnitude.isZero() || magnitude.gte(1)) return precision;
  // For 0.000123 the exponent is -4: the first significant digit is the 4th decimal.
  const firstSignificantDecimal = -magnitude.e;
  return Math.max(precision, Math.min(firstSignificantDecimal, assetDecimals));
}

function groupThousands(integerDigits: string, separator: string): string {
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
  const units = unitsFromSmallest(smallest, asset.decimals);
  const magnitude = units.abs();
  const decimals = shownDecimals(
    magnitude,
    options.full ? asset.view_full_decimals : asset.view_decimals,
    asset.decimals,
  );
  const shown = magnitude.toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  const [integerPart = '0', fractionPart = ''] = shown.toFixed(decimals).split('.');
  const fraction = trimFraction(fractionPart, asset.is_fiat ? Math.min(fiatMinimumDecimals, decimals) : 0);
  const grouped = groupThousands(integerPart, groupSeparator(asset));
  const digits = fraction === '' ? grouped : `${grouped}.${fraction}`;
  let sign = '';
  if (!shown.isZero()) {
    if (units.isNegative()) sign = minusSign;
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

/**
 * Spec 000 s.9: percentages in en-US form, from a decimal string: "1" → "1%", "0.5" → "0.5%",
 * "1234.5" → "1,234.5%" (at most two decimals, rounded half up as Intl does). Built from the
 * decimal itself rather than Intl, which would need a float or a literal-typed string.
 */
export function formatPercent(value: string): string {
  const decimal = toDecimal(value);
  if (decimal === null) return value;
  const rounded = decimal.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [integerPart = '0', fractionPart = ''] = rounded.abs().toFixed().split('.');
  const grouped = groupThousands(integerPart, commaSeparator);
  const sign = rounded.isNegative() && !rounded.isZero() ? '-' : '';
  return `${sign}${fractionPart === '' ? grouped : `${grouped}.${fractionPart}`}%`;
}
