import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { type OrderTimerKind, orderErrorCodes } from '../../../contract/p2p-orders';
import type { Database } from '../../db/database';
import { p2pOrderTimers } from '../../db/schema/p2p-orders';
import { ApiError } from '../../http/api-error';
import { inTransaction } from '../../ledger/ledger';
import { applyTransition, type TransitionRequest } from './transitions';

/** Timers run per pass; the rest wait for the next pass. */
const batchSize = 100;

type TimerEventType = 'acceptance_expired' | 'payment_expired' | 'confirmation_expired' | 'settle';

/** What a due timer does: its lifecycle event, or nothing but end (the dispute's answer window). */
const timerEvents: Readonly<Record<OrderTimerKind | 'settlement', TimerEventType | null>> = {
  acceptance: 'acceptance_expired',
  payment: 'payment_expired',
  confirmation: 'confirmation_expired',
  settlement: 'settle',
  // Support sees the overdue answer on its list; the dispute goes on.
  dispute_answer: null,
};

export interface TimerStep {
  readonly orderId: number;
  readonly kind: OrderTimerKind | 'settlement';
}

/**
 * Runs every due order timer (P2P.md "Timers"), each in its own transaction: the timer's row is
 * taken with FOR UPDATE SKIP LOCKED and re-checked under the lock, then its event goes through
 * {@link applyTransition}, which ends it and starts the next. So several server instances can run
 * this at once and after any restart: a timer another instance is running is skipped, one it has
 * run is done, and the order's own lock and status check make a second run a no-op. A timer
 * whose order has moved on in the meantime (its event no longer accepted) is just ended. A timer
 * that fails stays due and is retried next pass; the failures are thrown together at the end.
 */
export async function runDueOrderTimers(db: Database, now: Date): Promise<TimerStep[]> {
  const due = await db
    .select({ id: p2pOrderTimers.id })
    .from(p2pOrderTimers)
    .where(and(isNull(p2pOrderTimers.doneAt), lte(p2pOrderTimers.dueAt, now)))
    .orderBy(asc(p2pOrderTimers.dueAt))
    .limit(batchSize);
  const steps: TimerStep[] = [];
  const failures: unknown[] = [];
  for (const { id } of due) {
    try {
      const step = await runTimer(db, id, now);
      if (step !== null) steps.push(step);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} order timer(s) could not run`);
  return steps;
}

/**
 * Applies the timer's event; false when the order's status no longer accepts it (a timer left
 * open by hand or by a bug), which ends the timer instead of retrying it for ever. The refusal
 * is thrown before applyTransition writes anything, so the transaction goes on clean.
 */
async function applyOrEnd(tx: Database, request: TransitionRequest): Promise<boolean> {
  try {
    await applyTransition(tx, request);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === orderErrorCodes.statusConflict) return false;
    throw error;
  }
}

function runTimer(db: Database, id: number, now: Date): Promise<TimerStep | null> {
  return inTransaction(db, async (tx) => {
    const [timer] = await tx
      .select()
      .from(p2pOrderTimers)
      .where(and(eq(p2pOrderTimers.id, id), isNull(p2pOrderTimers.doneAt), lte(p2pOrderTimers.dueAt, now)))
      .for('update', { skipLocked: true });
    if (timer === undefined) return null;
    const type = timerEvents[timer.kind];
    const ran =
      type !== null &&
      (await applyOrEnd(tx, {
        orderId: timer.orderId,
        actor: type === 'settle' ? { kind: 'system' } : { kind: 'timer' },
        event: { type },
        now,
      }));
    if (!ran) await tx.update(p2pOrderTimers).set({ doneAt: now }).where(eq(p2pOrderTimers.id, id));
    return { orderId: timer.orderId, kind: timer.kind };
  });
}
