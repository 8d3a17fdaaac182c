import { and, count, eq, inArray } from 'drizzle-orm';
import type { CreateOrderBody, RestrictionFailedData } from '../../../contract/p2p-orders';
import type { Database } from '../../db/database';
import { p2pPaymentMethods } from '../../db/schema/p2p-market';
import { p2pOfferMethods } from '../../db/schema/p2p-offers';
import { p2pOrders } from '../../db/schema/p2p-orders';
import { marketRules } from '../p2p-market/market-rules';
import { isVerifiedMerchant } from '../p2p-merchant/badge';
import type { MarketAssetFacts } from '../p2p-offers/market';
import { cryptoForFiat, fiatAmountOf, fiatCents } from '../p2p-offers/money';
import type { OfferRow } from '../p2p-offers/view';
import type { ProfileFacts } from '../p2p-profile/summaries';
import { orderErrors } from './errors';
import { openOrderStatuses } from './parties';

// The checks an order must pass before anything is held (spec 001 s.7 `POST /p2p/orders/{offerId}`,
// P2P.md "Limits", "Restrictions", "Open orders per offer"), each with its own refusal.

/** Orders of the offer that still run: what the open-order cap counts and what keeps an offer from being deleted. */
export async function openOrderCount(db: Database, offerId: number): Promise<number> {
  const [row] = await db
    .select({ open: count() })
    .from(p2pOrders)
    .where(and(eq(p2pOrders.offerId, offerId), inArray(p2pOrders.status, [...openOrderStatuses])));
  return row?.open ?? 0;
}

/** 409 `offer_busy` when the offer has its most open orders: 4, 10 for a verified merchant's. */
export async function assertBelowOpenOrderCap(tx: Database, offer: OfferRow): Promise<void> {
  const caps = marketRules.open_orders_per_offer;
  const cap = (await isVerifiedMerchant(tx, offer.userId)) ? caps.verified_merchant : caps.regular;
  if ((await openOrderCount(tx, offer.id)) >= cap) throw orderErrors.offerBusy();
}

export interface OrderAmounts {
  /** Crypto, smallest units. */
  readonly amount: bigint;
  /** Fiat cents the buyer pays (a crypto amount's fiat rounded down to the cent, as the take form shows it). */
  readonly fiatCents: bigint;
}

const smaller = (a: bigint, b: bigint) => (b < a ? b : a);
const larger = (a: bigint, b: bigint) => (b > a ? b : a);
const scaleOf = (facts: MarketAssetFacts) => 10n ** BigInt(facts.decimals);
/** Fiat cents of a crypto amount at a price, rounded down or up. */
const centsOf = (amount: bigint, priceCents: bigint, facts: MarketAssetFacts, up: boolean) => {
  const product = amount * priceCents;
  const scale = scaleOf(facts);
  return up ? (product + scale - 1n) / scale : product / scale;
};

/**
 * The order's crypto and fiat from what the taker typed, checked against the offer's limits
 * (fiat), the asset's market bounds (crypto) and what is left of the offer's volume. A crypto
 * amount is checked by its exact fiat worth (amount × price), like the take form does.
 * Refusals name the bound in fiat: 422 `amount_too_small` { min }, `amount_too_large` { max }.
 */
export function orderAmountsOf(
  body: Pick<CreateOrderBody, 'amount' | 'amount_type'>,
  offer: OfferRow,
  priceCents: bigint,
  facts: MarketAssetFacts,
): OrderAmounts {
  const typedCents = body.amount_type === 'fiat' ? fiatCents(body.amount) : null;
  const amount = typedCents === null ? BigInt(body.amount) : cryptoForFiat(typedCents, priceCents, facts.decimals);
  // Exact worth × scale, to compare a crypto amount's fiat with the limits without rounding.
  const worthScaled = typedCents === null ? amount * priceCents : typedCents * scaleOf(facts);
  const limitMin = fiatCents(offer.limitMin);
  const marketMinCents = centsOf(facts.min, priceCents, facts, true);
  const min = larger(limitMin, marketMinCents);
  if (amount <= 0n || amount < facts.min || worthScaled < limitMin * scaleOf(facts)) {
    throw orderErrors.amountTooSmall(fiatAmountOf(min));
  }
  const remaining = BigInt(offer.remainingVolume);
  const ceilings = [fiatCents(offer.limitMax), centsOf(remaining, priceCents, facts, false)];
  if (facts.max !== 0n) ceilings.push(centsOf(facts.max, priceCents, facts, false));
  const max = ceilings.reduce(smaller);
  if (
    worthScaled > fiatCents(offer.limitMax) * scaleOf(facts) ||
    amount > remaining ||
    (facts.max !== 0n && amount > facts.max)
  ) {
    throw orderErrors.amountTooLarge(fiatAmountOf(max));
  }
  return { amount, fiatCents: typedCents ?? centsOf(amount, priceCents, facts, false) };
}

/**
 * The offer's restrictions against the taker's figures (docs/p2p.md "Profiles": the 30-day rate,
 * all-time orders, all-time USD volume, account age), in the spec's order; the first one failed
 * is 403 `restriction_failed` with what it asks and the taker's own figure.
 */
export function assertRestrictions(offer: OfferRow, taker: ProfileFacts): void {
  const rules = offer.restrictions;
  const failed = (data: RestrictionFailedData) => orderErrors.restrictionFailed(data);
  if (rules.telegram_premium_required && !taker.isPremium) {
    throw failed({ restriction: 'telegram_premium_required', required: true, actual: false });
  }
  if (rules.completed_trades_percent !== null && taker.last30Days.completionPercent < rules.completed_trades_percent) {
    throw failed({
      restriction: 'completed_trades_percent',
      required: rules.completed_trades_percent,
      actual: taker.last30Days.completionPercent,
    });
  }
  if (rules.trades_count_min !== null && taker.allTime.completedOrders < rules.trades_count_min) {
    throw failed({
      restriction: 'trades_count_min',
      required: rules.trades_count_min,
      actual: taker.allTime.completedOrders,
    });
  }
  if (rules.trades_volume_usd_min !== null && taker.volumeUsdCents < BigInt(rules.trades_volume_usd_min) * 100n) {
    throw failed({
      restriction: 'trades_volume_usd_min',
      required: rules.trades_volume_usd_min,
      actual: fiatAmountOf(taker.volumeUsdCents),
    });
  }
  if (rules.account_age_days_min !== null && taker.accountAgeDays < rules.account_age_days_min) {
    throw failed({
      restriction: 'account_age_days_min',
      required: rules.account_age_days_min,
      actual: taker.accountAgeDays,
    });
  }
}

export type SellerMethodRow = typeof p2pPaymentMethods.$inferSelect;

/**
 * The seller's saved method the buyer will pay to, or 422 `payment_method_invalid`. On a sell
 * offer it must be one the offer lists (`maker_accepts`); on a buy offer one of the taker's own,
 * of the offer's fiat, of an entry (and bank) the offer lists (`taker_accepts`). Either way the
 * body's identifier and child identifier must name its entry. The method is read `FOR SHARE`, so
 * its owner cannot delete it while the order is written.
 */
export async function sellerMethodOf(
  tx: Database,
  offer: OfferRow,
  takerId: number,
  body: Pick<CreateOrderBody, 'payment_method_id' | 'identifier' | 'child_identifier'>,
): Promise<SellerMethodRow> {
  const sellerId = offer.type === 'sell' ? offer.userId : takerId;
  const [method] = await tx
    .select()
    .from(p2pPaymentMethods)
    .where(and(eq(p2pPaymentMethods.id, body.payment_method_id), eq(p2pPaymentMethods.userId, sellerId)))
    .for('share');
  const listed = await tx.select().from(p2pOfferMethods).where(eq(p2pOfferMethods.offerId, offer.id));
  const valid =
    method !== undefined &&
    method.fiat === offer.fiatCode &&
    method.identifier === body.identifier &&
    method.childIdentifier === body.child_identifier &&
    listed.some((entry) =>
      offer.type === 'sell'
        ? entry.paymentMethodId === method.id
        : entry.identifier === method.identifier && entry.childIdentifier === method.childIdentifier,
    );
  if (!valid) throw orderErrors.paymentMethodInvalid();
  return method;
}
