import Decimal from 'decimal.js';
import { commaSeparator, groupThousands } from './money.ts';

/**
 * Money arithmetic that computes rather than only shows: display units ↔ integer smallest units,
 * and percentages. decimal.js values (never floats: 18-decimal tokens lose digits in a double).
 * Kept apart from money.ts (display) so decimal.js loads only with the screens that compute.
 */

/** A private Decimal: our rounding and exponent settings never leak into other users of decimal.js. */
const Exact = Decimal.clone({ precision: 200, toExpNeg: -100, toExpPos: 100 });

/**
 * Exact display units of an integer amount of smallest units: "150000000", 8 → 1.5. The amount
 * comes from the validated wire, so text that is not a number throws (a decimal.js error).
 */
export function unitsFromSmallest(smallest: string, decimals: number): Decimal {
  return new Exact(smallest).div(new Exact(10).pow(decimals));
}

/** A decimal string as an exact Decimal of this module's settings; null when it is not a finite number. */
export function toDecimal(value: Decimal | string): Decimal | null {
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
