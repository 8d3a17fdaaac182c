import { type AmountInputProblem, parseAmountInput } from '../../src/app/lib/amountInput.ts';
import { parseMargin, ratioHundredthsOf, ratioTextOf } from '../../src/app/lib/p2p/margin.ts';

/**
 * The create-offer flow's rules (spec 001 s.3 "P2P offer", ../shared/design/P2P.md "Money",
 * docs/p2p.md "Create offer"), on integer strings and `bigint`, never floats. Fiat amounts (prices,
 * limits) are cents; crypto amounts smallest units; percentages hundredths of a percent. What a
 * person typed is read by the app's shared `parseAmountInput`, so the field and the rule agree.
 */

/** One asset the flow may trade, with what bounds an offer in it. */
export interface OfferAsset {
  code: string;
  decimals: number;
  /** The maker's fee, percent of the crypto amount ("1", "0.5"). */
  fee: string;
  /** Asset market limits (spec 000 s.9), smallest units: every order's crypto amount and the offer's volume. */
  min: string;
  max: string;
  /** The person's available balance, smallest units. */
  available: string;
}

/** A band of percentages of the reference price ("90"–"110"). */
export interface RatioBand {
  min: string;
  max: string;
}

const fiatDecimals = 2;
/** Percentages are written with at most 2 decimals ("101.25"). */
const percentDecimals = 2;
const hundredPercent = 10_000n;

/** Digits of a decimal string in units of 10^-decimals ("1.5", 2 → 150n); null when it is not one. */
export function scaled(text: string, decimals: number): bigint | null {
  const parsed = parseAmountInput(text, decimals);
  if (parsed.ok) return BigInt(parsed.smallest);
  return parsed.problem === 'zero' ? 0n : null;
}

/** Cents as a fiat decimal string: 150050n → "1500.5", 100n → "1". */
export function fiatText(cents: bigint): string {
  const whole = cents / 100n;
  const fraction = (cents % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}

/** `value × numerator ÷ denominator`, rounded half up. */
function roundHalfUp(value: bigint, numerator: bigint, denominator: bigint): bigint {
  return (value * numerator * 2n + denominator) / (denominator * 2n);
}

function ceilDiv(value: bigint, denominator: bigint): bigint {
  return (value + denominator - 1n) / denominator;
}

/** A floating price: the reference price × ratio ÷ 100, rounded half up to the cent (the contract's rule). */
export function floatingPriceCents(referenceCents: bigint, ratioHundredths: bigint): bigint {
  return roundHalfUp(referenceCents, ratioHundredths, hundredPercent);
}

/** The maker's fee on a crypto amount: `fee` percent of it, rounded up to the smallest unit. */
export function feeOf(volume: bigint, fee: string): bigint {
  const feeHundredths = scaled(fee, percentDecimals) ?? 0n;
  return ceilDiv(volume * feeHundredths, hundredPercent);
}

/** The largest sell volume whose fee still fits in the balance with it. */
export function maxSellVolume(available: bigint, fee: string): bigint {
  const feeHundredths = scaled(fee, percentDecimals) ?? 0n;
  let volume = (available * hundredPercent) / (hundredPercent + feeHundredths);
  while (volume > 0n && volume + feeOf(volume, fee) > available) volume -= 1n;
  return volume;
}

/** The crypto one fiat amount buys at a price, rounded down to the smallest unit (P2P.md "Limits"). */
export function cryptoFor(fiatCents: bigint, priceCents: bigint, decimals: number): bigint {
  return (fiatCents * 10n ** BigInt(decimals)) / priceCents;
}

/** The fiat a crypto amount costs at a price, in cents, rounded down. */
export function fiatFor(crypto: bigint, priceCents: bigint, decimals: number): bigint {
  return (crypto * priceCents) / 10n ** BigInt(decimals);
}

/** The problems a typed amount can have, as the shared parser names them ('zero' included). */
export type InputProblem = AmountInputProblem;

export type PriceError = InputProblem | 'below_band' | 'above_band' | 'no_reference';

export interface PriceCheck {
  /** The offer's price now, in cents, when the entry is valid. */
  cents: bigint | null;
  error: PriceError | null;
}

export interface PriceEntry {
  priceType: 'fixed' | 'floating';
  priceText: string;
  /** A floating price's margin to the market, percent ("1.5", "-2"): the ratio is 100 + margin. */
  marginText: string;
}

/**
 * A fixed price within `fixedBand` percent of the reference price (a price far off the market is
 * a typo or a scam), or a floating margin whose ratio (100 + margin) is within `floatingBand`.
 */
export function checkPrice(
  entry: PriceEntry,
  referenceCents: bigint | null,
  bands: { fixed: RatioBand; floating: RatioBand },
): PriceCheck {
  if (referenceCents === null || referenceCents <= 0n) return { cents: null, error: 'no_reference' };
  if (entry.priceType === 'floating') {
    const margin = parseMargin(entry.marginText);
    if (!margin.ok) return { cents: null, error: margin.problem };
    const ratio = ratioHundredthsOf(margin.hundredths);
    const band = bandOf(bands.floating);
    if (ratio < band.min) return { cents: null, error: 'below_band' };
    if (ratio > band.max) return { cents: null, error: 'above_band' };
    return { cents: floatingPriceCents(referenceCents, ratio), error: null };
  }
  const parsed = parseAmountInput(entry.priceText, fiatDecimals);
  if (!parsed.ok) return { cents: null, error: parsed.problem };
  const cents = BigInt(parsed.smallest);
  const band = fixedBandCents(referenceCents, bands.fixed);
  if (cents < band.min) return { cents: null, error: 'below_band' };
  if (cents > band.max) return { cents: null, error: 'above_band' };
  return { cents, error: null };
}

function bandOf(band: RatioBand): { min: bigint; max: bigint } {
  return { min: scaled(band.min, percentDecimals) ?? 0n, max: scaled(band.max, percentDecimals) ?? 0n };
}

/** The fixed prices allowed now, in cents: the band's percentages of the reference price, inward-rounded. */
export function fixedBandCents(referenceCents: bigint, band: RatioBand): { min: bigint; max: bigint } {
  const { min, max } = bandOf(band);
  return { min: ceilDiv(referenceCents * min, hundredPercent), max: (referenceCents * max) / hundredPercent };
}

/** The ratio a typed margin gives, as the contract writes it ("1.50" → "101.5", "-2" → "98"), or null. */
export function ratioText(marginText: string): string | null {
  const margin = parseMargin(marginText);
  return margin.ok ? ratioTextOf(margin.hundredths) : null;
}

export type VolumeError = InputProblem | 'below_minimum' | 'above_maximum' | 'above_balance';
export type LimitError =
  | InputProblem
  | 'min_below_market'
  | 'max_above_market'
  | 'min_above_max'
  | 'max_above_volume'
  | 'min_above_volume';

export interface AmountsEntry {
  volumeText: string;
  minText: string;
  maxText: string;
}

export interface AmountsCheck {
  volume: bigint | null;
  volumeError: VolumeError | null;
  min: bigint | null;
  minError: LimitError | null;
  max: bigint | null;
  maxError: LimitError | null;
  /** The fee reserved on top of a sell offer's volume (0 for buy offers: it comes out of what they receive). */
  fee: bigint;
  /** The fiat bounds the asset market limits allow at this price, in cents. */
  fiatMin: bigint;
  fiatMax: bigint;
}

/**
 * The volume (crypto) within the asset market limits, and for a sell offer within the balance
 * with the fee on top; the limits (fiat, per order) with min ≤ max, each order's crypto amount
 * within the asset market limits, and neither above what the volume is worth.
 */
export function checkAmounts(
  entry: AmountsEntry,
  side: 'buy' | 'sell',
  asset: OfferAsset,
  priceCents: bigint,
): AmountsCheck {
  const assetMin = BigInt(asset.min);
  const assetMax = BigInt(asset.max);
  // The smallest fiat amount whose crypto reaches the market minimum, the largest within its maximum.
  const fiatMin = priceCents > 0n ? ceilDiv(assetMin * priceCents, 10n ** BigInt(asset.decimals)) : 0n;
  const fiatMax = fiatFor(assetMax, priceCents, asset.decimals);
  const volumeCheck = checkVolume(entry.volumeText, side, asset);
  const volume = volumeCheck.volume;
  const fee = volume !== null && side === 'sell' ? feeOf(volume, asset.fee) : 0n;
  const worth = volume === null ? null : fiatFor(volume, priceCents, asset.decimals);
  const min = fiatEntry(entry.minText);
  const max = fiatEntry(entry.maxText);
  let minError: LimitError | null = min.error;
  let maxError: LimitError | null = max.error;
  if (min.cents !== null && cryptoFor(min.cents, priceCents, asset.decimals) < assetMin) minError = 'min_below_market';
  else if (min.cents !== null && worth !== null && min.cents > worth) minError = 'min_above_volume';
  if (max.cents !== null && cryptoFor(max.cents, priceCents, asset.decimals) > assetMax) maxError = 'max_above_market';
  else if (max.cents !== null && worth !== null && max.cents > worth) maxError = 'max_above_volume';
  else if (max.cents !== null && min.cents !== null && minError === null && min.cents > max.cents)
    maxError = 'min_above_max';
  return {
    volume: volumeCheck.error === null ? volume : null,
    volumeError: volumeCheck.error,
    min: minError === null ? min.cents : null,
    minError,
    max: maxError === null ? max.cents : null,
    maxError,
    fee,
    fiatMin,
    fiatMax,
  };
}

function fiatEntry(text: string): { cents: bigint | null; error: InputProblem | null } {
  const parsed = parseAmountInput(text, fiatDecimals);
  return parsed.ok ? { cents: BigInt(parsed.smallest), error: null } : { cents: null, error: parsed.problem };
}

function checkVolume(
  text: string,
  side: 'buy' | 'sell',
  asset: OfferAsset,
): { volume: bigint | null; error: VolumeError | null } {
  const parsed = parseAmountInput(text, asset.decimals);
  if (!parsed.ok) return { volume: null, error: parsed.problem === 'zero' ? 'below_minimum' : parsed.problem };
  const volume = BigInt(parsed.smallest);
  if (volume < BigInt(asset.min)) return { volume, error: 'below_minimum' };
  if (volume > BigInt(asset.max)) return { volume, error: 'above_maximum' };
  if (side === 'sell' && volume > maxSellVolume(BigInt(asset.available), asset.fee))
    return { volume, error: 'above_balance' };
  return { volume, error: null };
}

/** Whether every amount is valid. */
export function amountsValid(check: AmountsCheck): boolean {
  return check.volumeError === null && check.minError === null && check.maxError === null;
}

/** Spec 001 s.3 "Offer restrictions", each optional: the bounds the contract accepts. */
export const restrictionBounds = {
  completed_trades_percent: { min: 1, max: 100 },
  trades_count_min: { min: 1, max: 100_000 },
  trades_volume_usd_min: { min: 1, max: 100_000_000 },
  account_age_days_min: { min: 1, max: 3650 },
} as const;
export type RestrictionName = keyof typeof restrictionBounds;
export const restrictionNames = Object.keys(restrictionBounds) as RestrictionName[];

export type RestrictionError = 'not_whole' | 'out_of_range';

/** A typed restriction: empty is none (null); else a whole number within its bounds. */
export function checkRestriction(
  name: RestrictionName,
  text: string,
): { value: number | null; error: RestrictionError | null } {
  const compact = text.replace(/\s/g, '');
  if (compact === '') return { value: null, error: null };
  if (!/^\d{1,10}$/.test(compact)) return { value: null, error: 'not_whole' };
  const value = Number.parseInt(compact, 10);
  const bounds = restrictionBounds[name];
  if (value < bounds.min || value > bounds.max) return { value: null, error: 'out_of_range' };
  return { value, error: null };
}
