import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CreateOrderBody } from '../../../contract/p2p-orders';
import { isPermitted } from '../../../contract/settings';
import { lockUntilCommit } from '../../db/advisory-lock';
import type { Database } from '../../db/database';
import { p2pOffers } from '../../db/schema/p2p-offers';
import { p2pOrderHistory, p2pOrders, p2pOrderTimers } from '../../db/schema/p2p-orders';
import { userSettings } from '../../db/schema/users';
import type { PriceTable } from '../../integrations/prices/price-feed';
import { inTransaction } from '../../ledger/ledger';
import { enqueueOrderNotices } from '../p2p-notifications/notices';
import { marketAssetFacts } from '../p2p-offers/market';
import { fiatAmountOf, fiatCents } from '../p2p-offers/money';
import { marketTransactionType } from '../p2p-offers/reservation';
import { currentPriceCents, type OfferRow } from '../p2p-offers/view';
import { isInQuietHours } from '../p2p-profile/quiet-hours';
import { profileFacts } from '../p2p-profile/summaries';
import { consumeToken } from '../security/tokens';
import type { FeatureFlagPolicy } from '../settings/feature-flags';
import { getUserSettings } from '../settings/service';
import { assertBelowOpenOrderCap, assertRestrictions, orderAmountsOf, sellerMethodOf } from './admission';
import { spendableBalance } from './buyer-lock';
import { orderErrors } from './errors';
import { escrowOnCreate, orderMoneyOf } from './escrow';
import { buyerOf, makerSideOf, type OrderRow, sellerOf } from './parties';
import { applyTransition } from './transitions';

/** How long the maker has to accept an order (P2P.md: the acceptance window, 5 min); creation starts it. */
export const acceptanceWindowMs = 5 * 60 * 1000;

/** The request's values besides its token: a repeat of the same unique_hash must carry the same. */
function requestDigest(offerId: number, body: CreateOrderBody): string {
  const { token: _token, unique_hash: _hash, ...values } = body;
  return createHash('sha256')
    .update(JSON.stringify([offerId, values]))
    .digest('base64url');
}

/** Compliance lock, ban or a soft ban in force: such a maker trades nothing, so their offer is offline to takers. */
async function makerBlocked(tx: Database, makerId: number, now: Date): Promise<boolean> {
  const [row] = await tx.select().from(userSettings).where(eq(userSettings.userId, makerId));
  return (
    row === undefined ||
    row.complianceLock ||
    row.complianceBan ||
    (row.softBanUntil !== null && row.softBanUntil > now)
  );
}

/** 409 refusals about the offer itself, before anything about the amount (spec 001 s.7). */
async function assertOfferTakeable(tx: Database, offer: OfferRow, takerId: number, now: Date): Promise<void> {
  if (offer.userId === takerId) throw orderErrors.ownOffer();
  if (offer.status !== 'active' || (await makerBlocked(tx, offer.userId, now))) throw orderErrors.offerOffline();
  if (await isInQuietHours(tx, offer.userId, now)) throw orderErrors.offerQuietHours();
  await assertBelowOpenOrderCap(tx, offer);
}

export interface CreateOrderInput {
  readonly takerId: number;
  readonly offerId: number;
  readonly body: CreateOrderBody;
  /** The reference prices, read before the transaction (the stored feed reads through the pool). */
  readonly prices: PriceTable;
  /** Accept the order at once (`system`), as offers do by default (P2P.md); off, the maker accepts within 5 min. */
  readonly autoAccept: boolean;
  readonly now: Date;
}

type Outcome = { readonly kind: 'order'; readonly row: OrderRow } | { readonly kind: 'invalid_token' };

async function placeOrder(tx: Database, input: CreateOrderInput): Promise<Outcome> {
  const { takerId, offerId, body, now } = input;
  const [offer] = await tx.select().from(p2pOffers).where(eq(p2pOffers.id, offerId)).for('update');
  if (offer === undefined) throw orderErrors.offerNotFound();
  await assertOfferTakeable(tx, offer, takerId, now);
  const priceCents = currentPriceCents(offer, input.prices);
  const facts = await marketAssetFacts(tx, offer.assetCode);
  if (priceCents === null || facts === null) throw orderErrors.offerOffline();
  if (fiatCents(body.price) !== priceCents) throw orderErrors.priceChanged(fiatAmountOf(priceCents));
  const amounts = orderAmountsOf(body, offer, priceCents, facts);
  const taker = await profileFacts(tx, takerId, now);
  if (taker === null) throw orderErrors.cannotCreate();
  assertRestrictions(offer, taker);
  const method = await sellerMethodOf(tx, offer, takerId, body);
  const money = orderMoneyOf(offer, amounts.amount, facts.feePercent);
  if (offer.type === 'buy') {
    // The taker sells: the escrow leaves their own balance, which a locked purchase does not count in.
    if ((await spendableBalance(tx, takerId, offer.assetCode, now)) < money.escrow)
      throw orderErrors.insufficientFunds();
    const spent =
      body.token !== null &&
      (await consumeToken(
        tx,
        body.token,
        {
          userId: takerId,
          kind: 'confirmation',
          transactionTypes: [marketTransactionType],
          operationHash: body.unique_hash,
        },
        now,
      ));
    // Answered after the commit: a token shown for the wrong operation stays spent.
    if (!spent) return { kind: 'invalid_token' };
  }
  const [row] = await tx
    .insert(p2pOrders)
    .values({
      offerId: offer.id,
      offerType: offer.type,
      makerId: offer.userId,
      takerId,
      uniqueHash: body.unique_hash,
      requestDigest: requestDigest(offerId, body),
      assetCode: offer.assetCode,
      fiatCode: offer.fiatCode,
      status: 'processed',
      price: fiatAmountOf(priceCents),
      amount: money.amount.toString(),
      fiatAmount: fiatAmountOf(amounts.fiatCents),
      amountType: body.amount_type,
      fee: money.fee.toString(),
      escrow: money.escrow.toString(),
      timeLimit: offer.timeLimit,
      paymentMethodId: method.id,
      methodIdentifier: method.identifier,
      methodChildIdentifier: method.childIdentifier,
      methodName: method.name,
      methodSealedDetails: method.sealedDetails,
      methodDataTail: method.dataTail,
      conditions: offer.description,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (row === undefined) throw new Error('The order was not saved');
  await escrowOnCreate(tx, offer, row, money, facts.feePercent, now);
  const takerSide = makerSideOf(row) === 'seller' ? 'buyer' : 'seller';
  await tx
    .insert(p2pOrderHistory)
    .values({ orderId: row.id, fromStatus: null, toStatus: 'processed', actor: takerSide, at: now });
  await tx
    .insert(p2pOrderTimers)
    .values({ orderId: row.id, kind: 'acceptance', dueAt: new Date(now.getTime() + acceptanceWindowMs) });
  await enqueueOrderNotices(
    tx,
    {
      orderId: row.id,
      buyerId: buyerOf(row),
      sellerId: sellerOf(row),
      makerSide: makerSideOf(row),
      from: null,
      to: 'processed',
      actor: takerSide,
    },
    now,
  );
  if (!input.autoAccept) return { kind: 'order', row };
  const accepted = await applyTransition(tx, {
    orderId: row.id,
    actor: { kind: 'system' },
    event: { type: 'accept' },
    now,
  });
  return { kind: 'order', row: accepted.order };
}

/**
 * POST /p2p/orders/{offerId}: one order per (taker, unique_hash). Repeats of the hash, in
 * sequence or at once, answer the first order (a named lock queues them; the first places it,
 * the rest find it) as long as they carry the same values, else 409 `hash_reused`. A new order
 * passes, under the offer's row lock, in this order: the offer (own, offline or its maker
 * blocked, quiet hours, open-order cap), the price lock, the amount, the restrictions, the
 * payment method, and when the taker sells their balance and passcode token; then it is written
 * `processed` with its escrow, history, acceptance timer and the maker's notice, in one transaction.
 */
export async function createOrder(db: Database, flags: FeatureFlagPolicy, input: CreateOrderInput): Promise<OrderRow> {
  const outcome = await inTransaction(db, async (tx): Promise<Outcome> => {
    await lockUntilCommit(tx, `p2p-order:${input.takerId}:${input.body.unique_hash}`);
    const [existing] = await tx
      .select()
      .from(p2pOrders)
      .where(and(eq(p2pOrders.takerId, input.takerId), eq(p2pOrders.uniqueHash, input.body.unique_hash)));
    if (existing !== undefined) {
      if (existing.requestDigest !== requestDigest(input.offerId, input.body)) throw orderErrors.hashReused();
      return { kind: 'order', row: existing };
    }
    const settings = await getUserSettings(tx, flags, input.takerId);
    if (!isPermitted(settings.permissions, 'can_create_market_order')) throw orderErrors.cannotCreate();
    return placeOrder(tx, input);
  });
  if (outcome.kind === 'invalid_token') throw orderErrors.tokenInvalid();
  return outcome.row;
}
