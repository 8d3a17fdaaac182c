import { and, eq, isNull } from 'drizzle-orm';
import { orderActionsFor, type P2pOrderFacts } from '../../../../machines/p2pOrder.machine';
import type { OrderAction, OrderSide } from '../../../contract/p2p-orders';
import type { Database } from '../../db/database';
import { p2pDisputes } from '../../db/schema/p2p-disputes';
import { p2pOrderTimers } from '../../db/schema/p2p-orders';
import { p2pReviews } from '../../db/schema/p2p-profile';
import { buyerOf, makerSideOf, type OrderRow, sellerOf } from './parties';

/**
 * What the lifecycle machine's guards need beyond the status, read from the rows that hold it:
 * the confirmation window has passed once `pending` has no open confirmation timer (the timers
 * worker closes it within a second of its due time, in the transition that tells both sides),
 * the dispute's opener and answer (p2p_disputes), and the reviews.
 */
export async function lifecycleFactsOf(db: Database, order: OrderRow): Promise<P2pOrderFacts> {
  const buyerId = buyerOf(order);
  const sellerId = sellerOf(order);
  const [runningConfirmation] =
    order.status === 'pending'
      ? await db
          .select({ id: p2pOrderTimers.id })
          .from(p2pOrderTimers)
          .where(
            and(
              eq(p2pOrderTimers.orderId, order.id),
              eq(p2pOrderTimers.kind, 'confirmation'),
              isNull(p2pOrderTimers.doneAt),
            ),
          )
      : [];
  const [dispute] =
    order.status === 'disputed'
      ? await db
          .select({ openedBy: p2pDisputes.openedBy, respondedAt: p2pDisputes.respondedAt })
          .from(p2pDisputes)
          .where(eq(p2pDisputes.orderId, order.id))
      : [];
  const reviews =
    order.status === 'completed'
      ? await db.select({ author: p2pReviews.authorUserId }).from(p2pReviews).where(eq(p2pReviews.orderId, order.id))
      : [];
  return {
    makerSide: makerSideOf(order),
    confirmationWindowPassed: order.status === 'pending' && runningConfirmation === undefined,
    disputeOpenedBy: dispute?.openedBy ?? null,
    disputeAnswered: dispute?.respondedAt != null,
    reviewedBy: {
      buyer: reviews.some((review) => review.author === buyerId),
      seller: reviews.some((review) => review.author === sellerId),
    },
  };
}

/** The contract's `actions` of an order for the viewer on `side` (what the order page offers). */
export async function orderActionsOf(db: Database, order: OrderRow, side: OrderSide): Promise<OrderAction[]> {
  return orderActionsFor(order.status, await lifecycleFactsOf(db, order), side);
}
