import { eq } from 'drizzle-orm';
import type { DisputeReason, OrderSide } from '../../../contract/p2p-orders';
import type { Database } from '../../db/database';
import { p2pDisputes } from '../../db/schema/p2p-disputes';
import { inTransaction } from '../../ledger/ledger';
import { sideOf } from '../p2p-orders/parties';
import { ownOrderRow } from '../p2p-orders/reads';
import { disputeAnswerWindowMs } from '../p2p-orders/timer-schedule';
import { orderTransitionErrors } from '../p2p-orders/transition-errors';
import { applyTransition } from '../p2p-orders/transitions';
import { attachDisputeFiles } from './files';

/** Support decides within this of the opening (its target, shown to both sides as a countdown). */
export const supportDecisionWindowMs = 24 * 60 * 60 * 1000;

export interface Statement {
  readonly message: string;
  readonly fileIds: readonly string[];
}

/**
 * A party opens a dispute (`pending` → `disputed`; the seller at once, the buyer once the
 * confirmation window has passed: `dispute_too_early` before). One transaction: the lifecycle
 * change (applyTransition: history, timer, the other side's notice), the statement and its files.
 */
export async function openDispute(
  db: Database,
  request: { readonly orderId: number; readonly userId: number; readonly reason: DisputeReason; readonly now: Date },
  statement: Statement,
): Promise<void> {
  const { orderId, userId, now } = request;
  await inTransaction(db, async (tx) => {
    const result = await applyTransition(tx, {
      orderId,
      actor: { kind: 'user', userId },
      event: { type: 'open_dispute', reason: request.reason },
      now,
    });
    if (result.side === null) throw new Error('A party opened the dispute without a side');
    await attachDisputeFiles(tx, { orderId, userId, statement: 'opening' }, statement.fileIds);
    await tx.insert(p2pDisputes).values({
      orderId,
      reason: request.reason,
      openedBy: result.side,
      openingMessage: statement.message,
      openedAt: now,
      responseDueAt: new Date(now.getTime() + disputeAnswerWindowMs),
      supportDueAt: new Date(now.getTime() + supportDecisionWindowMs),
    });
  });
}

/**
 * The other side answers the dispute, once (the lifecycle machine refuses the opener and a second
 * answer with 409 `order_status_conflict`). The answer may come after its 12 hours, as long as
 * support has not decided.
 */
export async function respondToDispute(
  db: Database,
  request: { readonly orderId: number; readonly userId: number; readonly now: Date },
  statement: Statement,
): Promise<void> {
  const { orderId, userId, now } = request;
  await inTransaction(db, async (tx) => {
    await applyTransition(tx, { orderId, actor: { kind: 'user', userId }, event: { type: 'respond_dispute' }, now });
    await attachDisputeFiles(tx, { orderId, userId, statement: 'response' }, statement.fileIds);
    await tx
      .update(p2pDisputes)
      .set({ responseMessage: statement.message, respondedAt: now })
      .where(eq(p2pDisputes.orderId, orderId));
  });
}

/**
 * Whether the caller may upload a file for a statement now: a party of the order, while a
 * statement of theirs can still come (`pending`, before a dispute; `disputed`, the other side
 * before answering). 404 `order_not_found` to anyone else; 409 `order_status_conflict` otherwise.
 */
export async function uploadingSide(db: Database, orderId: number, userId: number): Promise<OrderSide> {
  const order = await ownOrderRow(db, userId, orderId);
  const side = sideOf(order, userId);
  if (side === null) throw new Error('ownOrderRow answered an order the user is no party to');
  if (order.status === 'pending') return side;
  if (order.status === 'disputed') {
    const [dispute] = await db.select().from(p2pDisputes).where(eq(p2pDisputes.orderId, orderId));
    if (dispute !== undefined && dispute.openedBy !== side && dispute.respondedAt === null) return side;
  }
  throw orderTransitionErrors.statusConflict(order.status);
}
