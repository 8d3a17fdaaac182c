import Decimal from 'decimal.js';

// The offer's arithmetic in exact integers: crypto in smallest units, fiat in cents (P2P.md "Money").

/** A fiat amount of the contract ("1500", "99.9") in cents. */
export function fiatCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/** Cents as a contract fiat amount without trailing zeros: 150000n → "1500", 9990n → "99.9". */
export function fiatAmountOf(cents: bigint): string {
  const whole = cents / 100n;
  const fraction = (cents % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}

/** The crypto an amount of fiat buys at a price, rounded down to the smallest unit. */
export function cryptoForFiat(cents: bigint, priceCents: bigint, decimals: number): bigint {
  return (cents * 10n ** BigInt(decimals)) / priceCents;
}

/**
 * The maker's fee on a crypto amount: `feePercent` percent of it, rounded up to the smallest unit
 * (the wallet never charges less than its rate).
 */
export function makerFee(amount: bigint, feePercent: string): bigint {
  const percent = new Decimal(feePercent);
  const scale = Math.max(0, percent.decimalPlaces());
  const numerator = BigInt(percent.times(new Decimal(10).pow(scale)).toFixed(0));
  const denominator = 100n * 10n ** BigInt(scale);
  return (amount * numerator + denominator - 1n) / denominator;
}

/** What an active sell offer holds: its remaining volume plus the fee on it. */
export function reservationOf(remainingVolume: bigint, feePercent: string): bigint {
  return remainingVolume + makerFee(remainingVolume, feePercent);
}

/** A floating offer's price now: reference × ratio ÷ 100, half up to the cent. */
export function floatingPriceCents(reference: Decimal, ratio: string): bigint {
  return BigInt(reference.times(ratio).dividedBy(100).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0));
}

/** A reference price in cents, half up. */
export function referenceCents(reference: Decimal): bigint {
  return BigInt(reference.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0));
}
