import { asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type {
  DisputeOutcome,
  OperatorOrderView,
  OrderSide,
  operatorDisputeListItem,
} from '../../../contract/p2p-orders';
import { maskPaymentData } from '../../../contract/p2p-payment-details';
import type { Database } from '../../db/database';
import { p2pDisputes } from '../../db/schema/p2p-disputes';
import { p2pOrderHistory, p2pOrders } from '../../db/schema/p2p-orders';
import { inTransaction } from '../../ledger/ledger';
import { catalogueNames } from '../p2p-market/payment-catalogue';
import { fiatAmountOf, fiatCents } from '../p2p-offers/money';
import { orderErrors } from '../p2p-orders/errors';
import { buyerOf, type OrderRow, sellerOf } from '../p2p-orders/parties';
import { applyTransition } from '../p2p-orders/transitions';
import { offerUsersOf } from '../p2p-profile/summaries';
import { disputeViewOf } from './view';

// Support's side of disputes (P2P.md "Disputes"): the operator API and the local stand-in page
// both act through these functions. Who may call them is decided before (operator/access.ts, or
// local mode for the stand-in).

export type DisputeListItem = z.infer<typeof operatorDisputeListItem>;

/** At most this many disputes per list answer (the open ones are few; the resolved, newest first). */
const listLimit = 200;

/** Who decided: an operator by Telegram id, or (null) the local-mode stand-in page. */
export interface SupportActor {
  readonly operatorId: number | null;
}

/** Open disputes, the oldest support target first; or resolved ones, the latest first. */
export async function listDisputes(db: Database, state: 'open' | 'resolved'): Promise<DisputeListItem[]> {
  const rows = await db
    .select({ dispute: p2pDisputes, order: p2pOrders })
    .from(p2pDisputes)
    .innerJoin(p2pOrders, eq(p2pOrders.id, p2pDisputes.orderId))
    .where(state === 'open' ? isNull(p2pDisputes.resolvedAt) : isNotNull(p2pDisputes.resolvedAt))
    .orderBy(state === 'open' ? asc(p2pDisputes.supportDueAt) : desc(p2pDisputes.resolvedAt), asc(p2pDisputes.orderId))
    .limit(listLimit);
  return rows.map(({ dispute, order }) => ({
    order_id: order.id,
    status: order.status,
    reason: dispute.reason,
    opened_by: dispute.openedBy,
    asset: order.assetCode,
    amount: order.amount,
    fiat: order.fiatCode,
    fiat_amount: fiatAmountOf(fiatCents(order.fiatAmount)),
    has_response: dispute.respondedAt !== null,
    opened_at: dispute.openedAt.toISOString(),
    support_due_at: dispute.supportDueAt.toISOString(),
  }));
}

async function orderRow(db: Database, orderId: number): Promise<OrderRow> {
  const [row] = await db.select().from(p2pOrders).where(eq(p2pOrders.id, orderId));
  if (row === undefined) throw orderErrors.notFound();
  return row;
}

/**
 * Any order as support sees it: both parties (with their Telegram ids), both statements with every
 * file, the whole history. The seller's payment details stay sealed (only the buyer of an open
 * order sees them): support compares the receipts with the method and its last 4 characters.
 */
export async function supportOrderView(db: Database, orderId: number, now: Date): Promise<OperatorOrderView> {
  const order = await orderRow(db, orderId);
  const buyerId = buyerOf(order);
  const sellerId = sellerOf(order);
  const [people, history, dispute] = await Promise.all([
    offerUsersOf(db, [buyerId, sellerId], now),
    db.select().from(p2pOrderHistory).where(eq(p2pOrderHistory.orderId, orderId)).orderBy(asc(p2pOrderHistory.id)),
    disputeViewOf(db, orderId, 'support'),
  ]);
  const party = (userId: number) => {
    const user = people.get(userId);
    if (user === undefined) throw new Error(`Order ${orderId} names a user who does not exist`);
    return { user, telegram_id: userId, is_maker: order.makerId === userId };
  };
  const names = catalogueNames(order.fiatCode, order.methodIdentifier, order.methodChildIdentifier, 'en');
  return {
    id: order.id,
    offer_id: order.offerId,
    offer_type: order.offerType,
    asset: order.assetCode,
    fiat: order.fiatCode,
    status: order.status,
    price: fiatAmountOf(fiatCents(order.price)),
    amount: order.amount,
    fiat_amount: fiatAmountOf(fiatCents(order.fiatAmount)),
    fee: order.fee,
    buyer: party(buyerId),
    seller: party(sellerId),
    payment_method: {
      identifier: order.methodIdentifier,
      locale: names.locale,
      child_identifier: order.methodChildIdentifier,
      child_locale: names.child_locale,
      name: order.methodName,
      data: maskPaymentData(order.methodDataTail),
      details: null,
    },
    conditions: order.conditions,
    dispute,
    history: history.map((row) => ({
      from: row.fromStatus,
      to: row.toStatus,
      actor: row.actor,
      detail: row.detail,
      at: row.at.toISOString(),
    })),
    created_at: order.createdAt.toISOString(),
  };
}

export interface Resolution {
  readonly outcome: DisputeOutcome;
  readonly atFault: OrderSide | null;
  readonly note: string;
}

/**
 * Support's final decision on a disputed order: release (→ `completed`, the escrow to the buyer)
 * or return (→ `canceled` caused by `support`, the escrow back to the seller), through the
 * lifecycle's applyTransition (money, history, stats of the side at fault, both sides' notices),
 * and the decision on the dispute, in one transaction. 409 `order_status_conflict` when the order
 * is not disputed (already decided, or never disputed).
 */
export async function resolveDispute(
  db: Database,
  actor: SupportActor,
  orderId: number,
  resolution: Resolution,
  now: Date,
): Promise<void> {
  await orderRow(db, orderId);
  await inTransaction(db, async (tx) => {
    await applyTransition(tx, {
      orderId,
      actor: { kind: 'support' },
      event: { type: 'resolve', outcome: resolution.outcome, atFault: resolution.atFault },
      now,
    });
    await tx
      .update(p2pDisputes)
      .set({
        outcome: resolution.outcome,
        atFault: resolution.atFault,
        note: resolution.note,
        resolvedBy: actor.operatorId,
        resolvedAt: now,
      })
      .where(eq(p2pDisputes.orderId, orderId));
  });
}
