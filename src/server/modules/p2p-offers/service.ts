import { and, count, desc, eq } from 'drizzle-orm';
import type { CreateOfferBody, Offer } from '../../../contract/p2p-offers';
import { isPermitted } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { p2pOfferMethods, p2pOffers } from '../../db/schema/p2p-offers';
import type { ReferencePriceFeed } from '../../integrations/prices/price-feed';
import { inTransaction } from '../../ledger/ledger';
import { openOrderCount } from '../p2p-orders/admission';
import { canEditRemark } from '../p2p-profile/service';
import type { FeatureFlagPolicy } from '../settings/feature-flags';
import { getUserSettings } from '../settings/service';
import { offerErrors } from './errors';
import { isMarketFiat, type MarketAssetFacts, marketAssetFacts, referencePrice } from './market';
import { checkLimits, checkMethods, checkPrice, checkVolume, type OfferMethodRow } from './validation';
import { currentPriceCents, type OfferRow, type OfferViewer, toOffers } from './view';

/** What the offers service reads besides the database. */
export interface OffersContext {
  readonly db: Database;
  readonly referencePrices: ReferencePriceFeed;
  readonly featureFlags: FeatureFlagPolicy;
  readonly now: () => Date;
}

async function offerView(context: OffersContext, viewer: OfferViewer, row: OfferRow): Promise<Offer> {
  const [offer] = await toOffers(context.db, viewer, [row], await context.referencePrices.current(), context.now());
  if (offer === undefined) throw offerErrors.notFound();
  return offer;
}

/** Anyone's offer by id, listed or not (a shared link opens an offer hidden from lists). */
export async function getOffer(context: OffersContext, viewer: OfferViewer, id: number): Promise<Offer> {
  const [row] = await context.db.select().from(p2pOffers).where(eq(p2pOffers.id, id));
  if (row === undefined) throw offerErrors.notFound();
  return offerView(context, viewer, row);
}

/** The maker's own offers, newest first. */
export async function listMyOffers(
  context: OffersContext,
  viewer: OfferViewer,
  page: { readonly count?: number | undefined; readonly offset?: number | undefined },
): Promise<{ offers: Offer[]; total: number }> {
  const mine = eq(p2pOffers.userId, viewer.userId);
  const [rows, totals] = await Promise.all([
    context.db
      .select()
      .from(p2pOffers)
      .where(mine)
      .orderBy(desc(p2pOffers.id))
      .limit(page.count ?? 20)
      .offset(page.offset ?? 0),
    context.db.select({ total: count() }).from(p2pOffers).where(mine),
  ]);
  const table = await context.referencePrices.current();
  return { offers: await toOffers(context.db, viewer, rows, table, context.now()), total: totals[0]?.total ?? 0 };
}

async function assertMayWriteConditions(context: OffersContext, userId: number, description: string): Promise<void> {
  if (description === '') return;
  if (!(await canEditRemark(context.db, context.featureFlags, userId, context.now())))
    throw offerErrors.cannotEditRemark();
}

async function assetOf(db: Database, asset: string): Promise<MarketAssetFacts> {
  const facts = await marketAssetFacts(db, asset);
  if (facts === null) throw offerErrors.invalid('asset', 'This asset does not trade on the market');
  return facts;
}

async function insertMethods(tx: Database, offerId: number, methods: readonly OfferMethodRow[]): Promise<void> {
  await tx.insert(p2pOfferMethods).values(methods.map((method, position) => ({ offerId, position, ...method })));
}

/** POST /p2p/offers: a new offer, inactive until the maker turns it online. */
export async function createOffer(context: OffersContext, viewer: OfferViewer, body: CreateOfferBody): Promise<Offer> {
  const { db } = context;
  const settings = await getUserSettings(db, context.featureFlags, viewer.userId);
  if (!isPermitted(settings.permissions, 'can_create_market_offer')) throw offerErrors.cannotCreate();
  const facts = await assetOf(db, body.asset);
  if (!(await isMarketFiat(db, body.fiat)))
    throw offerErrors.invalid('fiat', 'The market does not trade this currency');
  const price = checkPrice(body, await referencePrice(context.referencePrices, body.asset, body.fiat));
  const volume = BigInt(body.volume);
  checkVolume(facts, volume);
  checkLimits(facts, body.limits, price.priceCents, volume);
  await assertMayWriteConditions(context, viewer.userId, body.description);
  const now = context.now();
  const row = await inTransaction(db, async (tx) => {
    const methods = await checkMethods(tx, viewer.userId, { type: body.type, fiat: body.fiat }, body);
    const [inserted] = await tx
      .insert(p2pOffers)
      .values({
        userId: viewer.userId,
        type: body.type,
        assetCode: body.asset,
        fiatCode: body.fiat,
        status: 'inactive',
        priceType: price.priceType,
        fixedPrice: price.fixedPrice,
        floatingRatio: price.floatingRatio,
        volume: volume.toString(),
        remainingVolume: volume.toString(),
        limitMin: body.limits.min,
        limitMax: body.limits.max,
        timeLimit: body.time_limit,
        description: body.description,
        restrictions: body.restrictions,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (inserted === undefined) throw new Error('The offer was not saved');
    await insertMethods(tx, inserted.id, methods);
    return inserted;
  });
  return offerView(context, viewer, row);
}

/** What an edit changes, worked out from the locked row; it may also rewrite the offer's methods. */
/** `priced` answers the reference prices read before the row lock (see `editOffer`). */
type OfferChange = (
  tx: Database,
  row: OfferRow,
  priced: OffersContext,
) => Promise<Partial<typeof p2pOffers.$inferInsert>>;

/**
 * Runs one edit of the maker's own offer under its row lock (the change reads through `tx` only:
 * another connection's read inside the transaction would wait on it with a single connection): someone else's offer is as unknown
 * as a missing one (404), and a refused edit changes nothing.
 */
async function editOffer(context: OffersContext, viewer: OfferViewer, id: number, change: OfferChange): Promise<Offer> {
  // The prices are read before the transaction: the stored feed reads through `context.db`, which
  // with a single connection (PGlite: npm start, the e2e server) would wait for this transaction
  // for ever and stall the whole server.
  const prices = await context.referencePrices.current();
  const priced: OffersContext = {
    ...context,
    referencePrices: { ...context.referencePrices, current: async () => prices },
  };
  const row = await inTransaction(context.db, async (tx) => {
    const own = and(eq(p2pOffers.id, id), eq(p2pOffers.userId, viewer.userId));
    const [locked] = await tx.select().from(p2pOffers).where(own).for('update');
    if (locked === undefined) throw offerErrors.notFound();
    const values = await change(tx, locked, priced);
    const [updated] = await tx
      .update(p2pOffers)
      .set({ ...values, updatedAt: context.now() })
      .where(own)
      .returning();
    if (updated === undefined) throw offerErrors.notFound();
    return updated;
  });
  return offerView(context, viewer, row);
}

function assertInactive(row: OfferRow): void {
  if (row.status === 'active') throw offerErrors.active();
}

async function priceNowCents(context: OffersContext, row: OfferRow): Promise<bigint> {
  const cents = currentPriceCents(row, await context.referencePrices.current());
  if (cents === null) throw offerErrors.invalid('fiat', 'The market has no reference price for this pair');
  return cents;
}

export function editOfferPrice(
  context: OffersContext,
  viewer: OfferViewer,
  id: number,
  input: Pick<CreateOfferBody, 'price_type' | 'price' | 'price_floating_ratio'>,
): Promise<Offer> {
  return editOffer(context, viewer, id, async (_tx, row, priced) => {
    const price = checkPrice(input, await referencePrice(priced.referencePrices, row.assetCode, row.fiatCode));
    return { priceType: price.priceType, fixedPrice: price.fixedPrice, floatingRatio: price.floatingRatio };
  });
}

/** Only while inactive, so nothing is held for it; the next issue's orders will keep what they took. */
export function editOfferVolume(
  context: OffersContext,
  viewer: OfferViewer,
  id: number,
  volume: bigint,
): Promise<Offer> {
  return editOffer(context, viewer, id, async (tx, row, priced) => {
    assertInactive(row);
    const facts = await assetOf(tx, row.assetCode);
    checkVolume(facts, volume);
    checkLimits(facts, { min: row.limitMin, max: row.limitMax }, await priceNowCents(priced, row), volume);
    return { volume: volume.toString(), remainingVolume: volume.toString() };
  });
}

export function editOfferLimits(
  context: OffersContext,
  viewer: OfferViewer,
  id: number,
  limits: { readonly min: string; readonly max: string },
): Promise<Offer> {
  return editOffer(context, viewer, id, async (tx, row, priced) => {
    const facts = await assetOf(tx, row.assetCode);
    checkLimits(facts, limits, await priceNowCents(priced, row), BigInt(row.volume));
    return { limitMin: limits.min, limitMax: limits.max };
  });
}

/** Only while inactive (spec 001 s.2). */
export function editOfferMethods(
  context: OffersContext,
  viewer: OfferViewer,
  id: number,
  input: Pick<CreateOfferBody, 'payment_method_ids' | 'catalogue_methods'>,
): Promise<Offer> {
  return editOffer(context, viewer, id, async (tx, row) => {
    assertInactive(row);
    const methods = await checkMethods(tx, viewer.userId, { type: row.type, fiat: row.fiatCode }, input);
    await tx.delete(p2pOfferMethods).where(eq(p2pOfferMethods.offerId, row.id));
    await insertMethods(tx, row.id, methods);
    return {};
  });
}

export function editOfferTimeLimit(
  context: OffersContext,
  viewer: OfferViewer,
  id: number,
  timeLimit: CreateOfferBody['time_limit'],
): Promise<Offer> {
  return editOffer(context, viewer, id, async () => ({ timeLimit }));
}

/**
 * Conditions need can_edit_remark; without it a maker may still clear conditions they wrote
 * before (spec 001 s.2: the row opens when conditions exist), never write new text.
 */
export async function editOfferConditions(
  context: OffersContext,
  viewer: OfferViewer,
  id: number,
  description: string,
): Promise<Offer> {
  // Another user's or a missing offer is a 404 whatever the permission says (editOffer checks again under its lock).
  const [own] = await context.db
    .select({ id: p2pOffers.id })
    .from(p2pOffers)
    .where(and(eq(p2pOffers.id, id), eq(p2pOffers.userId, viewer.userId)));
  if (own === undefined) throw offerErrors.notFound();
  await assertMayWriteConditions(context, viewer.userId, description);
  return editOffer(context, viewer, id, async () => ({ description }));
}

export function editOfferRestrictions(
  context: OffersContext,
  viewer: OfferViewer,
  id: number,
  restrictions: CreateOfferBody['restrictions'],
): Promise<Offer> {
  return editOffer(context, viewer, id, async () => ({ restrictions }));
}

/** DELETE /p2p/offers/{id}: only an inactive offer (which holds nothing) with no order still running. */
export async function deleteOffer(db: Database, userId: number, id: number): Promise<{ result: true }> {
  await inTransaction(db, async (tx) => {
    const own = and(eq(p2pOffers.id, id), eq(p2pOffers.userId, userId));
    const [locked] = await tx.select().from(p2pOffers).where(own).for('update');
    if (locked === undefined) throw offerErrors.notFound();
    assertInactive(locked);
    // Creation locks the offer's row too, so no order can start between this count and the delete.
    if ((await openOrderCount(tx, locked.id)) > 0) throw offerErrors.hasOpenOrders();
    await tx.delete(p2pOffers).where(own);
  });
  return { result: true };
}
