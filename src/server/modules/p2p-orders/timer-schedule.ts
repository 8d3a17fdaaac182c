import { and, eq, isNull } from 'drizzle-orm';
import type { P2pOrderEventType } from '../../../../machines/p2pOrder.machine';
import type { Database } from '../../db/database';
import { p2pOrderTimers } from '../../db/schema/p2p-orders';
import type { OrderRow } from './parties';

/** The other side answers a dispute within this (P2P.md: 12 h). */
export const disputeAnswerWindowMs = 12 * 60 * 60 * 1000;

type TimerKind = (typeof p2pOrderTimers.$inferSelect)['kind'];

/** Events that keep the status: the running timer ends and none follows it. */
const stayingEvents: ReadonlySet<P2pOrderEventType> = new Set(['confirmation_expired', 'respond_dispute']);

/**
 * The timer an order runs in the status a transition led to (P2P.md "The order lifecycle"; the
 * acceptance window of `processed` is started by order creation): the payment window (the order's time limit) in `accepted`, the confirmation window
 * (the same minutes) in `pending`, the settlement (due at once) in `confirmed`, the answer window
 * in `disputed`; none once it ends.
 */
export function timerFor(
  order: Pick<OrderRow, 'status' | 'timeLimit'>,
  now: Date,
): { kind: TimerKind; dueAt: Date } | null {
  const after = (ms: number) => new Date(now.getTime() + ms);
  const windowMs = order.timeLimit * 60 * 1000;
  switch (order.status) {
    case 'accepted':
      return { kind: 'payment', dueAt: after(windowMs) };
    case 'pending':
      return { kind: 'confirmation', dueAt: after(windowMs) };
    case 'confirmed':
      return { kind: 'settlement', dueAt: now };
    case 'disputed':
      return { kind: 'dispute_answer', dueAt: after(disputeAnswerWindowMs) };
    default:
      return null;
  }
}

/**
 * Inside the change's transaction: ends the order's running timer and starts the one its new
 * status runs (none after an event that keeps the status). (Order creation starts the first,
 * the acceptance window, itself.)
 */
export async function scheduleTimerFor(
  tx: Database,
  order: Pick<OrderRow, 'id' | 'status' | 'timeLimit'>,
  event: P2pOrderEventType,
  now: Date,
): Promise<void> {
  await tx
    .update(p2pOrderTimers)
    .set({ doneAt: now })
    .where(and(eq(p2pOrderTimers.orderId, order.id), isNull(p2pOrderTimers.doneAt)));
  const next = stayingEvents.has(event) ? null : timerFor(order, now);
  if (next !== null) await tx.insert(p2pOrderTimers).values({ orderId: order.id, kind: next.kind, dueAt: next.dueAt });
}
