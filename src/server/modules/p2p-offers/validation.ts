import Decimal from 'decimal.js';
import { inArray } from 'drizzle-orm';
import type { OfferType } from '../../../contract/p2p-market';
import type { CreateOfferBody, PriceType } from '../../../contract/p2p-offers';
import type { Database } from '../../db/database';
import { p2pPaymentMethods } from '../../db/schema/p2p-market';
import { marketRules } from '../p2p-market/market-rules';
import { resolveCatalogueChoice } from '../p2p-market/payment-catalogue';
import { paymentMethodsByIds } from '../p2p-payment-methods/service';
import { offerErrors } from './errors';
import type { MarketAssetFacts } from './market';
import { withinMarketBounds } from './market';
import { cryptoForFiat, fiatCents, floatingPriceCents } from './money';

// The bounds a new offer and every edit keep (P2P.md "Money" and "Offers and lists"); each broken
// bound is a 422 `invalid_offer` naming its field, checked before anything is written.

type PriceInput = Pick<CreateOfferBody, 'price_type' | 'price' | 'price_floating_ratio'>;
type MethodsInput = Pick<CreateOfferBody, 'payment_method_ids' | 'catalogue_methods'>;

/** An offer's price as stored, with what it comes to now. */
export interface CheckedPrice {
  readonly priceType: PriceType;
  readonly fixedPrice: string | null;
  readonly floatingRatio: string | null;
  readonly priceCents: bigint;
}

function withinPercentBand(value: Decimal, reference: Decimal, band: { min: string; max: string }): boolean {
  return value.gte(reference.times(band.min).dividedBy(100)) && value.lte(reference.times(band.max).dividedBy(100));
}

/**
 * A fixed price within the fixed band around the reference price (a price far off the market is
 * a typo or a scam), or a floating ratio within the floating band.
 */
export function checkPrice(input: PriceInput, reference: Decimal | null): CheckedPrice {
  if (reference === null) throw offerErrors.invalid('fiat', 'The market has no reference price for this pair');
  if (input.price_type === 'fixed') {
    if (input.price === null || input.price_floating_ratio !== null) {
      throw offerErrors.invalid('price', 'A fixed price needs a price and no ratio');
    }
    const priceCents = fiatCents(input.price);
    if (priceCents === 0n || !withinPercentBand(new Decimal(input.price), reference, marketRules.fixed_price_ratio)) {
      throw offerErrors.invalid('price', 'The price is too far from the market price');
    }
    return { priceType: 'fixed', fixedPrice: input.price, floatingRatio: null, priceCents };
  }
  if (input.price_floating_ratio === null || input.price !== null) {
    throw offerErrors.invalid('price_floating_ratio', 'A floating price needs a ratio and no price');
  }
  const ratio = new Decimal(input.price_floating_ratio);
  const band = marketRules.floating_ratio;
  if (ratio.lt(band.min) || ratio.gt(band.max)) {
    throw offerErrors.invalid('price_floating_ratio', `The ratio must be between ${band.min} and ${band.max}`);
  }
  const priceCents = floatingPriceCents(reference, input.price_floating_ratio);
  if (priceCents === 0n) throw offerErrors.invalid('price_floating_ratio', 'The price comes to nothing');
  return { priceType: 'floating', fixedPrice: null, floatingRatio: input.price_floating_ratio, priceCents };
}

/**
 * Below this a volume, and what an active sell offer holds for it with its fee, fit the ledger's
 * 78-digit amounts even when the asset sets no market maximum.
 */
const largestVolume = 10n ** 76n - 1n;

/** A volume within the asset's market bounds. */
export function checkVolume(facts: MarketAssetFacts, volume: bigint): void {
  if (volume === 0n || volume > largestVolume || !withinMarketBounds(facts, volume)) {
    throw offerErrors.invalid('volume', 'The volume is outside the market limits of the asset');
  }
}

/**
 * Order limits in fiat: min ≤ max, each within the asset's market bounds at the price, and the
 * minimum order no larger than the volume (an offer that cannot fill its smallest order is useless).
 */
export function checkLimits(
  facts: MarketAssetFacts,
  limits: { readonly min: string; readonly max: string },
  priceCents: bigint,
  volume: bigint,
): void {
  const min = cryptoForFiat(fiatCents(limits.min), priceCents, facts.decimals);
  const max = cryptoForFiat(fiatCents(limits.max), priceCents, facts.decimals);
  if (fiatCents(limits.min) === 0n || fiatCents(limits.min) > fiatCents(limits.max)) {
    throw offerErrors.invalid('limits', 'The minimum must be above zero and at most the maximum');
  }
  if (!withinMarketBounds(facts, min) || !withinMarketBounds(facts, max)) {
    throw offerErrors.invalid('limits', 'The limits are outside the market limits of the asset');
  }
  if (min > volume) throw offerErrors.invalid('limits', 'The minimum order is larger than the volume');
}

/** One method an offer lists, as stored. */
export interface OfferMethodRow {
  readonly paymentMethodId: number | null;
  readonly identifier: string;
  readonly childIdentifier: string | null;
}

function invalidMethods(message: string) {
  return offerErrors.invalid('payment_methods', message);
}

/**
 * Run inside the transaction that writes the offer's methods. The methods of a sell offer are
 * at least one of the maker's own saved methods of the offer's fiat; those of a buy offer at least one catalogue entry of the fiat. No repeats, at most the
 * market's number.
 */
export async function checkMethods(
  db: Database,
  userId: number,
  offer: { readonly type: OfferType; readonly fiat: string },
  input: MethodsInput,
): Promise<OfferMethodRow[]> {
  const most = marketRules.max_offer_payment_methods;
  if (offer.type === 'sell') {
    const ids = input.payment_method_ids;
    if (input.catalogue_methods.length > 0) throw invalidMethods('A sell offer lists your saved methods');
    if (ids.length === 0 || ids.length > most) throw invalidMethods(`Choose from 1 to ${most} payment methods`);
    if (new Set(ids).size !== ids.length) throw invalidMethods('A payment method is listed twice');
    // Locked until the offer's rows are written, so a delete of one of them waits and then sees it in use.
    await db
      .select({ id: p2pPaymentMethods.id })
      .from(p2pPaymentMethods)
      .where(inArray(p2pPaymentMethods.id, ids))
      .for('share');
    const saved = await paymentMethodsByIds(db, ids, 'en');
    return ids.map((id) => {
      const found = saved.get(id);
      // Someone else's method is as unknown as a missing one.
      if (found === undefined || found.ownerId !== userId || found.method.fiat !== offer.fiat) {
        throw invalidMethods('Choose your own payment methods of the offer currency');
      }
      return {
        paymentMethodId: id,
        identifier: found.method.identifier,
        childIdentifier: found.method.child_identifier,
      };
    });
  }
  const entries = input.catalogue_methods;
  if (input.payment_method_ids.length > 0) throw invalidMethods('A buy offer lists catalogue methods');
  if (entries.length === 0 || entries.length > most) throw invalidMethods(`Choose from 1 to ${most} payment methods`);
  const keys = entries.map((entry) => `${entry.identifier}/${entry.child_identifier ?? ''}`);
  if (new Set(keys).size !== keys.length) throw invalidMethods('A payment method is listed twice');
  return entries.map((entry) => {
    if (resolveCatalogueChoice(offer.fiat, entry.identifier, entry.child_identifier) === null) {
      throw invalidMethods('Choose payment methods of the offer currency');
    }
    return { paymentMethodId: null, identifier: entry.identifier, childIdentifier: entry.child_identifier };
  });
}
