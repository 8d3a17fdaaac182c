import { and, eq } from 'drizzle-orm';
import { orderErrorCodes } from '../../../contract/p2p-orders';
import type { ReviewType } from '../../../contract/p2p-profile';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { p2pOrders } from '../../db/schema/p2p-orders';
import { p2pReviews } from '../../db/schema/p2p-profile';
import { ApiError } from '../../http/api-error';
import { inTransaction } from '../../ledger/ledger';
import { orderActionsOf } from '../p2p-orders/lifecycle-facts';
import { buyerOf, type OrderRow, sellerOf, sideOf } from '../p2p-orders/parties';
import { ownOrderRow } from '../p2p-orders/reads';
import { orderTransitionErrors } from '../p2p-orders/transition-errors';

// Reviews written on orders (P2P.md "Profile, reviews, reputation"): one per side per completed
// order, positive or negative with an optional comment, about the other party.

const alreadyReviewed = () =>
  new ApiError(409, orderErrorCodes.alreadyReviewed, 'You have already reviewed this order');

export interface OrderReviewInput {
  readonly orderId: number;
  readonly userId: number;
  readonly type: ReviewType;
  /** Trimmed by the contract; empty counts as none. */
  readonly comment: string | null;
  readonly now: Date;
}

/**
 * Writes the caller's review of a completed order. The order row is locked while the lifecycle
 * machine is asked whether the caller may review (409 `order_status_conflict` with the status
 * otherwise, 409 `already_reviewed` for a second review); the unique index (order, author) stops
 * two reviews sent at once. 404 for an order the caller is not a party to.
 */
export async function reviewOrder(db: Database, input: OrderReviewInput): Promise<OrderRow> {
  try {
    return await inTransaction(db, async (tx) => {
      await ownOrderRow(tx, input.userId, input.orderId);
      const [order] = await tx.select().from(p2pOrders).where(eq(p2pOrders.id, input.orderId)).for('update');
      const side = order === undefined ? null : sideOf(order, input.userId);
      if (order === undefined || side === null) throw new Error(`Order ${input.orderId} vanished under its lock`);
      if (!(await orderActionsOf(tx, order, side)).includes('review')) {
        if (order.status === 'completed' && (await hasReviewed(tx, order.id, input.userId))) throw alreadyReviewed();
        throw orderTransitionErrors.statusConflict(order.status);
      }
      await tx.insert(p2pReviews).values({
        subjectUserId: side === 'buyer' ? sellerOf(order) : buyerOf(order),
        authorUserId: input.userId,
        orderId: order.id,
        type: input.type,
        comment: input.comment === null || input.comment === '' ? null : input.comment,
        createdAt: input.now,
      });
      return order;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyReviewed();
    throw error;
  }
}

async function hasReviewed(db: Database, orderId: number, authorUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: p2pReviews.id })
    .from(p2pReviews)
    .where(and(eq(p2pReviews.orderId, orderId), eq(p2pReviews.authorUserId, authorUserId)));
  return row !== undefined;
}
