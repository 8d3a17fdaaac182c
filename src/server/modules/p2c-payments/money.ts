import Decimal from 'decimal.js';
import { fiatAmountOf, fiatCents, makerFee } from '../p2p-offers/money';

// A quote's arithmetic in exact integers (docs/p2c.md "The quote"): roubles in kopecks, crypto in
// smallest units.

/** The merchants' margin: the client's rate is the reference price less this share. */
export const merchantMarginPercent = '2';
/** The service's fee on the amount the merchant receives. */
export const serviceFeePercent = '1';

/** Kopecks per whole asset unit: the reference price less the margin, rounded down to the kopeck. */
export function clientRateKopecks(referenceRub: Decimal): bigint {
  const share = new Decimal(100).minus(merchantMarginPercent).dividedBy(100);
  return BigInt(referenceRub.times(share).times(100).toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed(0));
}

function ceilDivide(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/**
 * The smallest step a quote's figures move in: one unit of the last decimal the screens show in
 * full (`view_full_decimals`). USDT has 18 decimals but shows 6, so its quotes are whole millionths
 * and the total on the screen is exactly what is held (docs/p2c.md "The quote").
 */
export function quoteStep(decimals: number, shownDecimals: number): bigint {
  return 10n ** BigInt(Math.max(0, decimals - shownDecimals));
}

function roundUpToStep(value: bigint, step: bigint): bigint {
  return ceilDivide(value, step) * step;
}

/** The crypto that pays `kopecks` at the rate, rounded up to the step (the merchant is never short). */
export function amountForKopecks(kopecks: bigint, rateKopecks: bigint, decimals: number, step: bigint): bigint {
  return roundUpToStep(ceilDivide(kopecks * 10n ** BigInt(decimals), rateKopecks), step);
}

/** The service fee on an amount: the fee rate on it (as the market's), rounded up to the step. */
export function serviceFee(amount: bigint, step: bigint): bigint {
  return roundUpToStep(makerFee(amount, serviceFeePercent), step);
}

/** A stored numeric(17, 2) rouble amount ("1500.00") as the contract's ("1500"). */
export function storedRoubles(stored: string): string {
  return fiatAmountOf(fiatCents(stored));
}
