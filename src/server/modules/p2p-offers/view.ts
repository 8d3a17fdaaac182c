import Decimal from 'decimal.js';
import { asc, inArray } from 'drizzle-orm';
import type { Offer, OfferCatalogueMethod } from '../../../contract/p2p-offers';
import type { PaymentMethod } from '../../../contract/p2p-payment-methods';
import type { Language } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { p2pOfferMethods, type p2pOffers } from '../../db/schema/p2p-offers';
import { type PriceTable, priceIn } from '../../integrations/prices/price-feed';
import { catalogueNames } from '../p2p-market/payment-catalogue';
import { listPaymentMethods, paymentMethodsByIds } from '../p2p-payment-methods/service';
import { offerUsersOf } from '../p2p-profile/summaries';
import { fiatAmountOf, fiatCents, floatingPriceCents } from './money';

export type OfferRow = typeof p2pOffers.$inferSelect;
type MethodRow = typeof p2pOfferMethods.$inferSelect;

/** The offer's price now in cents: fixed, or the reference × ratio; null when the feed has no reference. */
export function currentPriceCents(row: OfferRow, table: PriceTable): bigint | null {
  if (row.fixedPrice !== null) return fiatCents(row.fixedPrice);
  const reference = priceIn(table, row.assetCode, row.fiatCode);
  return reference === null || row.floatingRatio === null ? null : floatingPriceCents(reference, row.floatingRatio);
}

function catalogueMethodOf(offer: OfferRow, method: MethodRow, language: Language): OfferCatalogueMethod {
  return {
    identifier: method.identifier,
    child_identifier: method.childIdentifier,
    ...catalogueNames(offer.fiatCode, method.identifier, method.childIdentifier, language),
  };
}

function sameEntry(saved: PaymentMethod, method: MethodRow): boolean {
  return saved.identifier === method.identifier && saved.child_identifier === method.childIdentifier;
}

export interface OfferViewer {
  readonly userId: number;
  readonly language: Language;
}

/**
 * Offers as the contract answers them to the viewer, in the rows' order: prices from the table,
 * makers from their market profiles, the maker's saved methods masked, and on someone else's buy
 * offer the viewer's own saved methods that match its entries (`taker_accepts`).
 */
export async function toOffers(
  db: Database,
  viewer: OfferViewer,
  rows: readonly OfferRow[],
  table: PriceTable,
  now: Date,
): Promise<Offer[]> {
  if (rows.length === 0) return [];
  const methods = await db
    .select()
    .from(p2pOfferMethods)
    .where(
      inArray(
        p2pOfferMethods.offerId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(p2pOfferMethods.offerId), asc(p2pOfferMethods.position));
  const savedIds = methods.flatMap((method) => (method.paymentMethodId === null ? [] : [method.paymentMethodId]));
  const needsViewerMethods = rows.some((row) => row.type === 'buy' && row.userId !== viewer.userId);
  const [users, saved, viewerMethods] = await Promise.all([
    offerUsersOf(db, [...new Set(rows.map((row) => row.userId))], now),
    paymentMethodsByIds(db, savedIds, viewer.language),
    needsViewerMethods ? listPaymentMethods(db, viewer.userId, undefined, viewer.language) : Promise.resolve([]),
  ]);
  return rows.flatMap((row) => {
    const user = users.get(row.userId);
    if (user === undefined) return [];
    const own = methods.filter((method) => method.offerId === row.id);
    const entries = own.map((method) => catalogueMethodOf(row, method, viewer.language));
    const isMine = row.userId === viewer.userId;
    const price = currentPriceCents(row, table);
    const offer: Offer = {
      id: row.id,
      type: row.type,
      asset: row.assetCode,
      fiat: row.fiatCode,
      status: row.status,
      price: price === null ? '0' : fiatAmountOf(price),
      price_type: row.priceType,
      price_floating_ratio: row.floatingRatio === null ? null : new Decimal(row.floatingRatio).toFixed(),
      volume: row.volume,
      remaining_volume: row.remainingVolume,
      reserved: row.reserved,
      limits: { min: new Decimal(row.limitMin).toFixed(), max: new Decimal(row.limitMax).toFixed() },
      description: row.description,
      restrictions: row.restrictions,
      user,
      payment: {
        time_limit: row.timeLimit,
        maker: entries,
        maker_accepts:
          row.type === 'sell'
            ? own.flatMap((method) => {
                const found = method.paymentMethodId === null ? undefined : saved.get(method.paymentMethodId);
                return found === undefined ? [] : [found.method];
              })
            : [],
        maker_sends: row.type === 'buy' ? entries : [],
        taker_accepts:
          row.type === 'buy' && !isMine
            ? viewerMethods.filter(
                (method) => method.fiat === row.fiatCode && own.some((entry) => sameEntry(method, entry)),
              )
            : [],
      },
      is_mine: isMine,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
    return [offer];
  });
}
