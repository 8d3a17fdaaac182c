import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import * as z from 'zod/mini';
import { networkId, type WithdrawalStatus } from '../../../contract/wallet-operations';
import type { Database } from '../../db/database';
import { ledgerJournals } from '../../db/schema/ledger';
import { withdrawals } from '../../db/schema/wallet';
import { defaultChainStepMs } from '../../integrations/chain/networks';
import { randomTxid } from '../../integrations/chain/txids';
import { inTransaction, refundSettled, release, settleToExternal } from '../../ledger/ledger';
import { chainSimulatorErrors } from './errors';

type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Withdrawals advanced per pass; the rest wait for the next pass. */
const batchSize = 100;

/** The automatic path: created → processing → sent (txid) → completed (settled). */
const nextStatus = {
  created: 'processing',
  processing: 'sent',
  sent: 'completed',
} as const satisfies Partial<Record<WithdrawalStatus, WithdrawalStatus>>;
type MovingStatus = keyof typeof nextStatus;
const movingStatuses = ['created', 'processing', 'sent'] as const satisfies readonly MovingStatus[];

export interface WithdrawalStep {
  readonly id: string;
  readonly from: WithdrawalStatus;
  readonly to: WithdrawalStatus;
  readonly txid: string | null;
}

/**
 * Moves every due withdrawal one step along the automatic path, each in its own transaction.
 * Rows are taken with FOR UPDATE SKIP LOCKED and re-checked under the lock, so several server
 * instances can run this at once: a row another instance is moving is skipped, and one it has
 * just moved is no longer due, so no withdrawal is ever stepped (or settled) twice. A row that
 * fails stays where it was (its transaction rolls back) and is retried on the next pass; the
 * failures are thrown together once every other due row has moved.
 */
export async function advanceWithdrawals(
  db: Database,
  now: Date,
  options: { readonly stepMs?: number } = {},
): Promise<WithdrawalStep[]> {
  const stepMs = options.stepMs ?? defaultChainStepMs;
  const due = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(inArray(withdrawals.status, movingStatuses), lte(withdrawals.nextStepAt, now)))
    .orderBy(asc(withdrawals.nextStepAt))
    .limit(batchSize);
  const steps: WithdrawalStep[] = [];
  const failures: unknown[] = [];
  for (const { id } of due) {
    // One withdrawal that cannot move must not hold up the others behind it.
    try {
      const step = await advanceOne(db, id, now, stepMs);
      if (step !== null) steps.push(step);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} withdrawal(s) could not take their next step`);
  }
  return steps;
}

function advanceOne(db: Database, id: string, now: Date, stepMs: number): Promise<WithdrawalStep | null> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, movingStatuses), lte(withdrawals.nextStepAt, now)))
      .for('update', { skipLocked: true });
    if (row === undefined) return null;
    const from = movingStatusOf(row);
    const to = nextStatus[from];
    const txid = to === 'sent' ? randomTxid(z.parse(networkId, row.network)) : row.txid;
    if (to === 'completed') await expectLedgerSteps(tx, row, onHoldOnly);
    await tx
      .update(withdrawals)
      .set({ status: to, txid, nextStepAt: new Date(now.getTime() + stepMs), updatedAt: now })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, from)));
    if (to === 'completed') await settleToExternal(tx, ledgerPosting(row));
    return { id, from, to, txid };
  });
}

function movingStatusOf(row: WithdrawalRow): MovingStatus {
  const status = movingStatuses.find((moving) => moving === row.status);
  if (status === undefined) throw new Error(`Withdrawal ${row.id} is ${row.status}, not on the automatic path`);
  return status;
}

/** The journals a withdrawal whose hold is still in place has: the hold alone. */
const onHoldOnly = ['hold'] as const;
/** The journals of a settled withdrawal not yet refunded: the hold and the settlement. */
const settledOnly = ['hold', 'settle'] as const;

/**
 * The second lock on the money: whatever the row's status says, a hold is released or settled
 * only while the ledger shows just that hold, and a settlement is refunded only once, so a row
 * put back in an earlier status (by hand, or by a bug) can never pay out twice. Steps are
 * compared in alphabetical order.
 */
async function expectLedgerSteps(tx: Database, row: WithdrawalRow, expected: readonly string[]): Promise<void> {
  const journals = await tx
    .select({ step: ledgerJournals.step })
    .from(ledgerJournals)
    .where(eq(ledgerJournals.operationId, row.id));
  const steps = journals.map((journal) => journal.step).sort();
  if (steps.length !== expected.length || steps.some((step, index) => step !== expected[index])) {
    throw chainSimulatorErrors.withdrawalLedgerConflict(row.status, steps);
  }
}

/** The ledger's view of a withdrawal: its id is the operation id of the hold and what follows. */
interface WithdrawalPosting {
  readonly operationId: string;
  readonly type: 'withdrawal';
  readonly userId: number;
  readonly asset: string;
  readonly amount: bigint;
  readonly fee: bigint;
}

function ledgerPosting(row: WithdrawalRow): WithdrawalPosting {
  return {
    operationId: row.id,
    type: 'withdrawal',
    userId: row.userId,
    asset: row.assetCode,
    amount: BigInt(row.amount),
    fee: BigInt(row.fee),
  };
}

/** What a person (or a test) can make the test network do to a withdrawal. */
export const withdrawalOutcomes = ['fail', 'cancel', 'revert', 'check', 'approve'] as const;
export type WithdrawalOutcome = (typeof withdrawalOutcomes)[number];

interface OutcomeRule {
  readonly from: readonly WithdrawalStatus[];
  readonly to: WithdrawalStatus;
  /** release: the hold (amount + fee) back to available; refund: a settled withdrawal back in full. */
  readonly money: 'release' | 'refund' | 'none';
}

const outcomeRules: Readonly<Record<WithdrawalOutcome, OutcomeRule>> = {
  fail: { from: ['created', 'processing', 'pending_check', 'sent'], to: 'error', money: 'release' },
  cancel: { from: ['created', 'processing', 'pending_check'], to: 'canceled', money: 'release' },
  revert: { from: ['completed'], to: 'reverted', money: 'refund' },
  // A compliance review: the worker leaves pending_check alone until approved (or failed, canceled).
  check: { from: ['created', 'processing'], to: 'pending_check', money: 'none' },
  approve: { from: ['pending_check'], to: 'processing', money: 'none' },
};

export interface WithdrawalOutcomeResult {
  readonly id: string;
  readonly from: WithdrawalStatus;
  readonly to: WithdrawalStatus;
}

/**
 * Applies an outcome under the row's lock, with its ledger movement in the same transaction: a
 * withdrawal in any other status is refused (409) and nothing changes.
 */
export function applyWithdrawalOutcome(
  db: Database,
  input: { readonly id: string; readonly outcome: WithdrawalOutcome; readonly now: Date; readonly reason?: string },
): Promise<WithdrawalOutcomeResult> {
  const rule = outcomeRules[input.outcome];
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, input.id)).for('update');
    if (row === undefined) throw chainSimulatorErrors.withdrawalNotFound();
    const from = rule.from.find((status) => status === row.status);
    if (from === undefined) throw chainSimulatorErrors.withdrawalStatusConflict(row.status, rule.from);
    if (rule.money === 'release') await expectLedgerSteps(tx, row, onHoldOnly);
    if (rule.money === 'refund') await expectLedgerSteps(tx, row, settledOnly);
    await tx
      .update(withdrawals)
      .set({
        status: rule.to,
        updatedAt: input.now,
        nextStepAt: input.now,
        ...(rule.to === 'error' ? { failureReason: input.reason ?? 'Failed on the test network (simulator)' } : {}),
      })
      .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, from)));
    const posting = ledgerPosting(row);
    if (rule.money === 'release') await release(tx, { ...posting, amount: posting.amount + posting.fee });
    if (rule.money === 'refund') await refundSettled(tx, posting);
    return { id: row.id, from, to: rule.to };
  });
}

/** The chain rejected it: error, hold released. */
export function failWithdrawal(db: Database, id: string, now: Date, reason?: string): Promise<WithdrawalOutcomeResult> {
  return applyWithdrawalOutcome(db, { id, outcome: 'fail', now, ...(reason === undefined ? {} : { reason }) });
}

/** Stopped before it was broadcast: canceled, hold released. */
export function cancelWithdrawal(db: Database, id: string, now: Date): Promise<WithdrawalOutcomeResult> {
  return applyWithdrawalOutcome(db, { id, outcome: 'cancel', now });
}

/** The chain reverted a completed transfer: reverted, amount and fee back to available. */
export function revertWithdrawal(db: Database, id: string, now: Date): Promise<WithdrawalOutcomeResult> {
  return applyWithdrawalOutcome(db, { id, outcome: 'revert', now });
}
