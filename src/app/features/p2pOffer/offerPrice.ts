import Decimal from 'decimal.js';
import { FIAT_DECIMALS } from '../../../../machines/takeOffer/amountRules.ts';
import type { PriceType } from '../../../contract/p2p-offers.ts';
import { parseAmountInput } from '../../lib/amountInput.ts';
import { toDecimal, unitsFromSmallest } from '../../lib/moneyUnits.ts';
import { type MarginProblem, parseMargin, ratioTextOf } from '../../lib/p2p/margin.ts';

/**
 * The price edit's rules (spec 001 s.3; P2P.md "Price lock", "Floating ratios stay within a band
 * from GET /p2p/config"): a fixed price is a fiat amount within the fixed band around the
 * reference price; a floating price is a margin in percent ("+1.5", "-2", "0"), sent as the ratio
 * 100 + margin within the floating band. The preview is reference × ratio ÷ 100, rounded half up
 * to 2 decimals as the server computes it.
 */

export type PriceProblem = 'empty' | 'not_a_number' | 'too_many_decimals' | 'below_band' | 'above_band';

export type PriceCheck =
  | { ok: true; body: { price_type: PriceType; price: string | null; price_floating_ratio: string | null } }
  | { ok: false; problem: PriceProblem };

export interface PriceBands {
  /** Percent of the reference price, e.g. "90" and "110". */
  floating: { min: string; max: string };
  fixed: { min: string; max: string };
  /** The reference price of one whole asset in the fiat, or null while unknown. */
  reference: string | null;
}

function decimal(text: string): Decimal {
  const value = toDecimal(text);
  if (value === null) throw new Error(`Not a number: ${text}`);
  return value;
}

function marginProblemOf(problem: MarginProblem): PriceProblem {
  if (problem === 'empty' || problem === 'too_many_decimals') return problem;
  return 'not_a_number';
}

export function checkPrice(type: PriceType, text: string, bands: PriceBands): PriceCheck {
  if (type === 'floating') {
    const margin = parseMargin(text);
    if (!margin.ok) return { ok: false, problem: marginProblemOf(margin.problem) };
    const ratio = decimal(ratioTextOf(margin.hundredths));
    if (ratio.lt(bands.floating.min)) return { ok: false, problem: 'below_band' };
    if (ratio.gt(bands.floating.max)) return { ok: false, problem: 'above_band' };
    return { ok: true, body: { price_type: 'floating', price: null, price_floating_ratio: ratio.toFixed() } };
  }
  const parsed = parseAmountInput(text, FIAT_DECIMALS);
  if (!parsed.ok) {
    if (parsed.problem === 'empty' || parsed.problem === 'zero') return { ok: false, problem: 'empty' };
    return { ok: false, problem: parsed.problem === 'too_many_decimals' ? 'too_many_decimals' : 'not_a_number' };
  }
  const price = unitsFromSmallest(parsed.smallest, FIAT_DECIMALS);
  if (bands.reference !== null) {
    const [low, high] = fixedBand(bands);
    if (price.lt(low)) return { ok: false, problem: 'below_band' };
    if (price.gt(high)) return { ok: false, problem: 'above_band' };
  }
  return { ok: true, body: { price_type: 'fixed', price: price.toFixed(), price_floating_ratio: null } };
}

/** The lowest and highest fixed price the band allows, rounded inwards to cents. */
export function fixedBand(bands: PriceBands): [string, string] {
  const reference = decimal(bands.reference ?? '0');
  const low = reference.mul(bands.fixed.min).div(100).toDecimalPlaces(FIAT_DECIMALS, Decimal.ROUND_UP);
  const high = reference.mul(bands.fixed.max).div(100).toDecimalPlaces(FIAT_DECIMALS, Decimal.ROUND_DOWN);
  return [low.toFixed(), high.toFixed()];
}

/** The price a floating ratio gives now: reference × ratio ÷ 100, half up to 2 decimals. */
export function floatingPrice(reference: string, ratio: string): string {
  return decimal(reference).mul(ratio).div(100).toDecimalPlaces(FIAT_DECIMALS, Decimal.ROUND_HALF_UP).toFixed();
}
