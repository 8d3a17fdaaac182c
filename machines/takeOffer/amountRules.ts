import Decimal from 'decimal.js';
import { parseAmountInput } from '../../src/app/lib/amountInput.ts';
import type { AmountInputMistake } from '../../src/app/lib/amountInputMessages.ts';
import { smallestFromUnits, toDecimal, unitsFromSmallest } from '../../src/app/lib/moneyUnits.ts';
import type { OfferType } from '../../src/contract/p2p-market.ts';

/**
 * The take form's amount (spec 001 s.4 "Amount entry", s.5 "Offer amount"): typed in fiat or in
 * crypto, read by the shared parser (a comma is a decimal point, spaces are removed), at most 2
 * decimals for fiat and the asset's for crypto. The crypto amount of a fiat one is fiat ÷ price
 * rounded down to the asset's decimals (P2P.md "Limits"); the fiat of a crypto one is crypto ×
 * price, exact, for the checks.
 *
 * The most one order takes is the smallest of the offer's maximum, what is left of its volume,
 * and, when the taker sells (a buy offer), their available balance: docs/p2p.md "The take form".
 */

export type AmountType = 'fiat' | 'crypto';

/** Fiat has 2 decimals (spec 001 s.9). */
export const FIAT_DECIMALS = 2;

export interface TakeFacts {
  type: OfferType;
  /** Fiat per whole asset, e.g. "95.5". */
  price: string;
  limits: { min: string; max: string };
  /** Smallest units left on the offer. */
  remainingVolume: string;
  assetDecimals: number;
  /**
   * The decimals crypto amounts are written with (the catalogue's `view_full_decimals`): an
   * 18-decimal token's minimum reads "5.235603 USDT", rounded up, not all 18 digits.
   */
  shownDecimals: number;
  /** The taker's available balance of the asset (smallest units), or null while unknown. */
  balance: string | null;
}

export type TakeAmountProblem = AmountInputMistake | 'below_minimum' | 'above_maximum' | 'not_enough_balance';

export type TakeAmountCheck =
  /** Nothing typed (or zero): nothing to say, nothing to take. */
  | { status: 'empty' }
  | { status: 'invalid'; problem: TakeAmountProblem }
  /** `fiat` as a decimal string of 2 decimals at most; `crypto` in smallest units. */
  | { status: 'valid'; fiat: string; crypto: string };

/** The default entry of an offer (spec 001 s.4): fiat on buy offers, crypto on sell offers. */
export function defaultAmountType(type: OfferType): AmountType {
  return type === 'buy' ? 'fiat' : 'crypto';
}

export function decimalsOf(amountType: AmountType, facts: Pick<TakeFacts, 'assetDecimals'>): number {
  return amountType === 'fiat' ? FIAT_DECIMALS : facts.assetDecimals;
}

/** The taker gives crypto (so their balance counts) on a buy offer. */
export function takerSells(type: OfferType): boolean {
  return type === 'buy';
}

function shownDecimalsOf(facts: Pick<TakeFacts, 'assetDecimals' | 'shownDecimals'>): number {
  return Math.min(facts.shownDecimals, facts.assetDecimals);
}

/** Smallest units as typed text at the shown precision, rounded as `rounding` says. */
function shownCrypto(smallest: string, facts: TakeFacts, rounding: Decimal.Rounding): string {
  return unitsFromSmallest(smallest, facts.assetDecimals).toDecimalPlaces(shownDecimalsOf(facts), rounding).toFixed();
}

function decimal(text: string): Decimal {
  const value = toDecimal(text);
  if (value === null) throw new Error(`Not a number: ${text}`);
  return value;
}

/** The most crypto one order may take, in smallest units. */
function maxCrypto(facts: TakeFacts): Decimal {
  const byLimit = decimal(smallestFromUnits(decimal(facts.limits.max).div(facts.price), facts.assetDecimals) ?? '0');
  let most = Decimal.min(byLimit, decimal(facts.remainingVolume));
  if (takerSells(facts.type) && facts.balance !== null) most = Decimal.min(most, decimal(facts.balance));
  return most;
}

/**
 * The most one order may take in the entry's currency (fiat rounded down to cents): what Max puts
 * in the field and what "Maximum amount is …" names.
 */
export function maxAmountText(amountType: AmountType, facts: TakeFacts): string {
  const crypto = maxCrypto(facts);
  if (amountType === 'crypto') return shownCrypto(crypto.toFixed(0), facts, Decimal.ROUND_DOWN);
  const fiat = unitsFromSmallest(crypto.toFixed(0), facts.assetDecimals).mul(facts.price);
  const limited = Decimal.min(fiat, decimal(facts.limits.max));
  return limited.toDecimalPlaces(FIAT_DECIMALS, Decimal.ROUND_DOWN).toFixed();
}

/** The offer's minimum in the entry's currency: fiat as is, crypto rounded up to the asset's decimals. */
export function minimumText(amountType: AmountType, facts: TakeFacts): string {
  if (amountType === 'fiat') return decimal(facts.limits.min).toFixed();
  return decimal(facts.limits.min).div(facts.price).toDecimalPlaces(shownDecimalsOf(facts), Decimal.ROUND_UP).toFixed();
}

export function checkTakeAmount(text: string, amountType: AmountType, facts: TakeFacts): TakeAmountCheck {
  const parsed = parseAmountInput(text, decimalsOf(amountType, facts));
  if (!parsed.ok) {
    return parsed.problem === 'empty' || parsed.problem === 'zero'
      ? { status: 'empty' }
      : { status: 'invalid', problem: parsed.problem };
  }
  const price = decimal(facts.price);
  const fiat =
    amountType === 'fiat'
      ? unitsFromSmallest(parsed.smallest, FIAT_DECIMALS)
      : unitsFromSmallest(parsed.smallest, facts.assetDecimals).mul(price);
  const crypto =
    amountType === 'crypto' ? parsed.smallest : (smallestFromUnits(fiat.div(price), facts.assetDecimals) ?? '0');
  if (fiat.lt(facts.limits.min)) return { status: 'invalid', problem: 'below_minimum' };
  if (takerSells(facts.type) && facts.balance !== null && decimal(crypto).gt(facts.balance)) {
    return { status: 'invalid', problem: 'not_enough_balance' };
  }
  if (fiat.gt(facts.limits.max) || decimal(crypto).gt(maxCrypto(facts))) {
    return { status: 'invalid', problem: 'above_maximum' };
  }
  return {
    status: 'valid',
    fiat: fiat.toDecimalPlaces(FIAT_DECIMALS, Decimal.ROUND_DOWN).toFixed(),
    crypto,
  };
}

/** The same amount in the other entry's currency, for the toggle (empty when nothing valid is typed). */
export function convertAmountText(text: string, from: AmountType, facts: TakeFacts): string {
  const parsed = parseAmountInput(text, decimalsOf(from, facts));
  if (!parsed.ok) return '';
  if (from === 'fiat') {
    const crypto = smallestFromUnits(
      unitsFromSmallest(parsed.smallest, FIAT_DECIMALS).div(facts.price),
      facts.assetDecimals,
    );
    return crypto === null ? '' : shownCrypto(crypto, facts, Decimal.ROUND_DOWN);
  }
  return unitsFromSmallest(parsed.smallest, facts.assetDecimals)
    .mul(facts.price)
    .toDecimalPlaces(FIAT_DECIMALS, Decimal.ROUND_DOWN)
    .toFixed();
}
