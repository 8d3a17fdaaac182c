import { and, eq, isNull } from 'drizzle-orm';
import { p2cDisputeWindowSeconds, p2cPendingSeconds, p2cProcessingSeconds } from '../../../contract/p2c';
import type { Database } from '../../db/database';
import { p2cPaymentTimers } from '../../db/schema/p2c';

export type P2cTimerKind = (typeof p2cPaymentTimers.$inferSelect)['kind'];

const timerSeconds: Readonly<Record<P2cTimerKind, number>> = {
  pending: p2cPendingSeconds,
  processing: p2cProcessingSeconds,
  dispute_window: p2cDisputeWindowSeconds,
};

/**
 * Inside the change's transaction: ends the payment's running timer and, when `next` is given,
 * starts that one, due its length from now (creation: `pending`; a take: `processing`; completion:
 * `dispute_window`; anything else: none).
 */
export async function replaceP2cTimer(
  tx: Database,
  paymentId: number,
  next: P2cTimerKind | null,
  now: Date,
): Promise<void> {
  await tx
    .update(p2cPaymentTimers)
    .set({ doneAt: now })
    .where(and(eq(p2cPaymentTimers.paymentId, paymentId), isNull(p2cPaymentTimers.doneAt)));
  if (next === null) return;
  await tx
    .insert(p2cPaymentTimers)
    .values({ paymentId, kind: next, dueAt: new Date(now.getTime() + timerSeconds[next] * 1000) });
}
