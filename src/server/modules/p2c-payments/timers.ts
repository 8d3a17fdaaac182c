import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { type P2cQrCode, p2cErrorCodes } from '../../../contract/p2c';
import type { Database } from '../../db/database';
import { p2cPayments, p2cPaymentTimers } from '../../db/schema/p2c';
import { ApiError } from '../../http/api-error';
import type { PaymentSystem } from '../../integrations/payment-system/payment-system';
import { inTransaction } from '../../ledger/ledger';
import { type P2cLiveEvents, publishAll } from './live-events';
import type { P2cTimerKind } from './timer-schedule';
import { closeDisputeWindow, expirePending, lapseProcessing, type P2cTransition } from './transitions';

/** Timers run per pass; the rest wait for the next pass. */
const batchSize = 100;

export interface P2cTimerStep {
  readonly paymentId: number;
  readonly kind: P2cTimerKind;
}

export interface P2cTimerDependencies {
  readonly db: Database;
  readonly paymentSystem: PaymentSystem;
  readonly live: P2cLiveEvents;
}

/**
 * Runs every due payment timer (docs/p2c.md "Timers"), each in its own transaction: the timer's
 * row is taken with FOR UPDATE SKIP LOCKED and re-checked under the lock, then its change runs
 * under the payment's lock and ends it. So several server instances can run this at once and
 * after any restart: a timer another instance holds is skipped, one it has run is done. A timer
 * whose payment has moved on meanwhile is just ended. A failing timer stays due and is retried
 * next pass; the failures are thrown together at the end. Live-list events go out after each commit.
 */
export async function runDueP2cTimers(dependencies: P2cTimerDependencies, now: Date): Promise<P2cTimerStep[]> {
  const due = await dependencies.db
    .select({ id: p2cPaymentTimers.id, kind: p2cPaymentTimers.kind, paymentId: p2cPaymentTimers.paymentId })
    .from(p2cPaymentTimers)
    .where(and(isNull(p2cPaymentTimers.doneAt), lte(p2cPaymentTimers.dueAt, now)))
    .orderBy(asc(p2cPaymentTimers.dueAt))
    .limit(batchSize);
  const steps: P2cTimerStep[] = [];
  const failures: unknown[] = [];
  for (const timer of due) {
    try {
      const ran = await runTimer(dependencies, timer, now);
      if (ran === null) continue;
      steps.push(ran.step);
      publishAll(dependencies.live, ran.events);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} P2C timer(s) could not run`);
  return steps;
}

/**
 * What the payment system says of a taken payment's code, asked before the timer's transaction
 * (the stand-in reads through the pool, which must not wait on a transaction this one holds).
 */
async function codeStateOf(
  dependencies: P2cTimerDependencies,
  paymentId: number,
  now: Date,
): Promise<P2cQrCode['state'] | null> {
  const [payment] = await dependencies.db
    .select({ qrId: p2cPayments.qrId })
    .from(p2cPayments)
    .where(eq(p2cPayments.id, paymentId));
  if (payment === undefined) return null;
  return (await dependencies.paymentSystem.lookup(payment.qrId, now))?.state ?? null;
}

/** The change a due timer makes; a status that no longer expects it refuses before writing anything. */
function applyTimer(
  tx: Database,
  timer: { readonly paymentId: number; readonly kind: P2cTimerKind },
  codeState: P2cQrCode['state'] | null,
  now: Date,
): Promise<P2cTransition> {
  switch (timer.kind) {
    case 'pending':
      return expirePending(tx, timer.paymentId, now);
    case 'processing':
      return lapseProcessing(tx, timer.paymentId, codeState, now);
    case 'dispute_window':
      return closeDisputeWindow(tx, timer.paymentId, now);
  }
}

function isStatusConflict(error: unknown): boolean {
  return error instanceof ApiError && error.code === p2cErrorCodes.paymentStatusConflict;
}

async function runTimer(
  dependencies: P2cTimerDependencies,
  due: { readonly id: number; readonly kind: P2cTimerKind; readonly paymentId: number },
  now: Date,
): Promise<{ step: P2cTimerStep; events: P2cTransition['events'] } | null> {
  const codeState = due.kind === 'processing' ? await codeStateOf(dependencies, due.paymentId, now) : null;
  return inTransaction(dependencies.db, async (tx) => {
    const [timer] = await tx
      .select()
      .from(p2cPaymentTimers)
      .where(and(eq(p2cPaymentTimers.id, due.id), isNull(p2cPaymentTimers.doneAt), lte(p2cPaymentTimers.dueAt, now)))
      .for('update', { skipLocked: true });
    if (timer === undefined) return null;
    const step = { paymentId: timer.paymentId, kind: timer.kind };
    try {
      const transition = await applyTimer(tx, timer, codeState, now);
      return { step, events: transition.events };
    } catch (error) {
      if (!isStatusConflict(error)) throw error;
      // Left open by a change that forgot it: end it rather than retry it for ever.
      await tx.update(p2cPaymentTimers).set({ doneAt: now }).where(eq(p2cPaymentTimers.id, due.id));
      return { step, events: [] };
    }
  });
}
