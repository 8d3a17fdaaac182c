import type Decimal from 'decimal.js';
import { and, asc, eq, exists, inArray, ne, type SQL, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { OfferType } from '../../../contract/p2p-market';
import type { OfferListQuery } from '../../../contract/p2p-offers';
import type { Database } from '../../db/database';
import { p2pOfferMethods, p2pOffers } from '../../db/schema/p2p-offers';
import { p2pOrders } from '../../db/schema/p2p-orders';
import { p2pProfiles, p2pTradeDays } from '../../db/schema/p2p-profile';
import { userSettings } from '../../db/schema/users';
import { validationFailed } from '../../http/api-error';
import { priceIn } from '../../integrations/prices/price-feed';
import { marketRules } from '../p2p-market/market-rules';
import { openOrderStatuses } from '../p2p-orders/parties';
import { inQuietHoursSql } from '../p2p-profile/quiet-hours';
import { windowStart } from '../p2p-profile/summaries';
import { isMarketFiat, type MarketAssetFacts, marketAssetFacts } from './market';
import type { OffersContext } from './service';

// What the market's lists show (P2P.md "Offers and lists", docs/p2p.md "Lists"): active offers of
// others, best price for the looker first, hidden when the maker is blocked or in quiet hours, or
// the offer is at its open-order cap or cannot fill its smallest order.

/** An offer's price now, in the list's one pair: fixed, or the reference × ratio, half up to the cent. */
function priceNow(reference: Decimal): SQL<string> {
  return sql<string>`(case when ${p2pOffers.fixedPrice} is not null then ${p2pOffers.fixedPrice}
    else round(${reference.toFixed()}::numeric * ${p2pOffers.floatingRatio} / 100, 2) end)`;
}

/** Blocked makers (compliance lock, ban, soft ban in force) trade nothing, so their offers are not shown. */
function makerNotBlocked(now: Date): SQL {
  return sql`not exists (select 1 from ${userSettings} where ${userSettings.userId} = ${p2pOffers.userId}
    and (${userSettings.complianceLock} or ${userSettings.complianceBan}
      or coalesce(${userSettings.softBanUntil} > ${now.toISOString()}::timestamptz, false)))`;
}

/** A maker in their quiet hours is hidden (P2P.md "Quiet hours"); their offers still open by link. */
function makerOutsideQuietHours(now: Date): SQL {
  return sql`not ${inQuietHoursSql(p2pOffers.userId, now)}`;
}

/** An offer at its open-order cap (4, 10 for a verified merchant's; market-rules.ts) is hidden. */
function belowOpenOrderCap(): SQL {
  const caps = marketRules.open_orders_per_offer;
  return sql`(select count(*)::int from ${p2pOrders} where ${p2pOrders.offerId} = ${p2pOffers.id}
      and ${inArray(p2pOrders.status, [...openOrderStatuses])})
    < (case when ${verifiedMaker} then ${caps.verified_merchant}::int else ${caps.regular}::int end)`;
}

/** The offer can still fill its smallest order: remaining volume × price ≥ minimum. */
function fillsItsMinimum(price: SQL<string>, facts: MarketAssetFacts): SQL {
  return sql`${p2pOffers.remainingVolume} * ${price} >= ${p2pOffers.limitMin} * ${(10n ** BigInt(facts.decimals)).toString()}::numeric`;
}

interface ListScope {
  readonly type: OfferType;
  readonly facts: MarketAssetFacts;
  readonly fiat: string;
  readonly price: SQL<string>;
  readonly viewerId: number;
  readonly now: Date;
}

/** Active offers of the pair a list may show the viewer (their own are on "My offers", not here). */
function visibleOffers(scope: ListScope): SQL | undefined {
  return and(
    eq(p2pOffers.status, 'active'),
    eq(p2pOffers.type, scope.type),
    eq(p2pOffers.assetCode, scope.facts.code),
    eq(p2pOffers.fiatCode, scope.fiat),
    ne(p2pOffers.userId, scope.viewerId),
    makerNotBlocked(scope.now),
    makerOutsideQuietHours(scope.now),
    belowOpenOrderCap(),
    fillsItsMinimum(scope.price, scope.facts),
  );
}

/**
 * The list's order as one ascending key: price (ascending for sell offers, which someone buying
 * looks at; descending for buy offers), then the maker's 30-day completion rate and completed
 * orders, both descending, then the offer id.
 */
interface SortKey {
  readonly price: string;
  readonly percent: number;
  readonly orders: number;
  readonly id: number;
}

const cursorSchema = z.tuple([
  z.string().check(z.regex(/^-?(0|[1-9][0-9]{0,14})(\.[0-9]{1,2})?$/)),
  z.int().check(z.minimum(-100), z.maximum(0)),
  z.int().check(z.minimum(-2_147_483_647), z.maximum(0)),
  z.int().check(z.minimum(1), z.maximum(2_147_483_647)),
]);

export function encodeOfferCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify([key.price, key.percent, key.orders, key.id]), 'utf8').toString('base64url');
}

/** The cursor a page handed out, or 400 `invalid_cursor`: a forged cursor never reaches the query. */
export function decodeOfferCursor(text: string): SortKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const result = z.safeParse(cursorSchema, parsed);
  if (!result.success) {
    throw validationFailed({
      location: 'query',
      issues: [
        { path: ['cursor'], code: 'invalid_cursor', message: 'Not a cursor of this list; start from the first page' },
      ],
    });
  }
  const [price, percent, orders, id] = result.data;
  return { price, percent, orders, id };
}

function makerStats(db: Database, now: Date) {
  return db
    .select({
      userId: p2pTradeDays.userId,
      completed: sql<number>`sum(${p2pTradeDays.completedOrders})::int`.as('completed'),
      cancelled: sql<number>`sum(${p2pTradeDays.cancelledOrders})::int`.as('cancelled'),
    })
    .from(p2pTradeDays)
    .where(sql`${p2pTradeDays.day} >= ${windowStart(now)}::date`)
    .groupBy(p2pTradeDays.userId)
    .as('maker_stats');
}

function methodsFilter(identifiers: readonly string[]): SQL {
  return exists(
    sql`(select 1 from ${p2pOfferMethods} where ${p2pOfferMethods.offerId} = ${p2pOffers.id}
      and (${inArray(p2pOfferMethods.identifier, [...identifiers])} or ${inArray(p2pOfferMethods.childIdentifier, [...identifiers])}))`,
  );
}

function amountFilter(amount: string, price: SQL<string>, facts: MarketAssetFacts): SQL {
  const value = sql`${amount}::numeric`;
  return sql`${p2pOffers.limitMin} <= ${value} and ${p2pOffers.limitMax} >= ${value}
    and ${value} * ${(10n ** BigInt(facts.decimals)).toString()}::numeric <= ${p2pOffers.remainingVolume} * ${price}`;
}

const verifiedMaker = sql`exists (select 1 from ${p2pProfiles} where ${p2pProfiles.userId} = ${p2pOffers.userId} and ${p2pProfiles.isVerifiedMerchant})`;

function asList(value: string | readonly string[] | undefined): readonly string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : value;
}

/** The pair's facts and reference price, or null when the market cannot list it (asset or fiat disabled, no price). */
async function pairOf(context: OffersContext, asset: string, fiat: string) {
  const facts = await marketAssetFacts(context.db, asset);
  const reference = priceIn(await context.referencePrices.current(), asset, fiat);
  if (facts === null || reference === null || !(await isMarketFiat(context.db, fiat))) return null;
  return { facts, reference };
}

/** GET /p2p/offers: one page in the list's order, and the cursor of the next (null on the last). */
export async function listOfferRows(context: OffersContext, viewerId: number, query: OfferListQuery) {
  const after = query.cursor === undefined ? undefined : decodeOfferCursor(query.cursor);
  const pair = await pairOf(context, query.asset, query.fiat);
  if (pair === null) return { rows: [], cursor: null };
  const now = context.now();
  const price = priceNow(pair.reference);
  const stats = makerStats(context.db, now);
  const sign = query.type === 'sell' ? '1' : '-1';
  const priceKey = sql<string>`(${sign}::numeric * ${price})`;
  const percentKey = sql<number>`(-coalesce((${stats.completed} * 100) / nullif(${stats.completed} + ${stats.cancelled}, 0), 0))::int`;
  const ordersKey = sql<number>`(-coalesce(${stats.completed}, 0))::int`;
  const methods = asList(query.payment_methods);
  const pageSize = query.count ?? 20;
  const rows = await context.db
    .select({ offer: p2pOffers, priceKey: sql<string>`${priceKey}::text`, percentKey, ordersKey })
    .from(p2pOffers)
    .leftJoin(stats, eq(stats.userId, p2pOffers.userId))
    .where(
      and(
        visibleOffers({ type: query.type, facts: pair.facts, fiat: query.fiat, price, viewerId, now }),
        methods.length === 0 ? undefined : methodsFilter(methods),
        query.amount === undefined ? undefined : amountFilter(query.amount, price, pair.facts),
        query.verified_only === 'true' ? verifiedMaker : undefined,
        after === undefined
          ? undefined
          : sql`(${priceKey}, ${percentKey}, ${ordersKey}, ${p2pOffers.id}) > (${after.price}::numeric, ${after.percent}, ${after.orders}, ${after.id})`,
      ),
    )
    .orderBy(asc(priceKey), asc(percentKey), asc(ordersKey), asc(p2pOffers.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page.map((row) => row.offer),
    cursor:
      rows.length > pageSize && last !== undefined
        ? encodeOfferCursor({
            price: last.priceKey,
            percent: last.percentKey,
            orders: last.ordersKey,
            id: last.offer.id,
          })
        : null,
  };
}

/** GET /p2p/offers/prices-by-payment-method: per catalogue entry, the best price of the offers a list would show. */
export async function bestPricesByMethod(
  context: OffersContext,
  viewerId: number,
  query: { readonly type: OfferType; readonly asset: string; readonly fiat: string },
) {
  const pair = await pairOf(context, query.asset, query.fiat);
  if (pair === null) return [];
  const price = priceNow(pair.reference);
  const best = query.type === 'sell' ? sql<string>`min(${price})::text` : sql<string>`max(${price})::text`;
  return context.db
    .select({
      identifier: p2pOfferMethods.identifier,
      price: best,
      offers: sql<number>`count(distinct ${p2pOffers.id})::int`,
    })
    .from(p2pOfferMethods)
    .innerJoin(p2pOffers, eq(p2pOffers.id, p2pOfferMethods.offerId))
    .where(
      visibleOffers({ type: query.type, facts: pair.facts, fiat: query.fiat, price, viewerId, now: context.now() }),
    )
    .groupBy(p2pOfferMethods.identifier);
}
