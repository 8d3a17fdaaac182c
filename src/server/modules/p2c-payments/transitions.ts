import { eq } from 'drizzle-orm';
import type { P2cClientStatus, P2cDisputeReason, P2cQrCode } from '../../../contract/p2c';
import { p2cDisputeWindowSeconds } from '../../../contract/p2c';
import type { Database } from '../../db/database';
import { p2cPaymentHistory, p2cPayments } from '../../db/schema/p2c';
import { p2cErrors } from './errors';
import {
  completeEscrow,
  type P2cMoneyPatch,
  type PaymentRow,
  refundEscrow,
  refundFromMerchant,
  settleMerchant,
} from './escrow';
import type { P2cLiveEvent } from './live-events';
import { replaceP2cTimer } from './timer-schedule';

// The status changes of a payment after its creation (docs/p2c.md "Lifecycle"), each inside the
// caller's transaction under the payment's row lock: the status, its money (escrow.ts), the
// history row and the timer change together. The merchant's take lives in p2c-merchant-payments.

export type P2cActor = (typeof p2cPaymentHistory.$inferSelect)['actor'];

/** The payment after a change, and what the merchants' live list must hear once it commits. */
export interface P2cTransition {
  readonly payment: PaymentRow;
  readonly events: readonly P2cLiveEvent[];
}

/** The payment, locked until the transaction ends; undefined when there is none. */
export async function lockPayment(tx: Database, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(p2cPayments).where(eq(p2cPayments.id, paymentId)).for('update');
  return row;
}

async function lockedPayment(tx: Database, paymentId: number): Promise<PaymentRow> {
  const row = await lockPayment(tx, paymentId);
  if (row === undefined) throw p2cErrors.paymentNotFound();
  return row;
}

type Change = P2cMoneyPatch & Partial<typeof p2cPayments.$inferInsert>;

/** Writes the change and, when the status moves (or `detail` says why it stays), a history row. */
export async function recordChange(
  tx: Database,
  row: PaymentRow,
  change: Change,
  history: { readonly actor: P2cActor; readonly detail?: string },
  now: Date,
): Promise<PaymentRow> {
  const [updated] = await tx
    .update(p2cPayments)
    .set({ ...change, updatedAt: now })
    .where(eq(p2cPayments.id, row.id))
    .returning();
  if (updated === undefined) throw new Error(`Payment ${row.id} vanished under its lock`);
  if (updated.status !== row.status || history.detail !== undefined) {
    await tx.insert(p2cPaymentHistory).values({
      paymentId: row.id,
      fromStatus: row.status,
      toStatus: updated.status,
      actor: history.actor,
      detail: history.detail ?? null,
      at: now,
    });
  }
  return updated;
}

function assertStatus(row: PaymentRow, ...allowed: readonly P2cClientStatus[]): void {
  if (!allowed.includes(row.status)) throw p2cErrors.statusConflict(row.status);
}

/** The pending timer ran out with no merchant: expired, the client's crypto back. */
export async function expirePending(tx: Database, paymentId: number, now: Date): Promise<P2cTransition> {
  const row = await lockedPayment(tx, paymentId);
  assertStatus(row, 'pending');
  const money = await refundEscrow(tx, row);
  const payment = await recordChange(
    tx,
    row,
    { ...money, status: 'expired' },
    { actor: 'timer', detail: 'no_merchant' },
    now,
  );
  await replaceP2cTimer(tx, paymentId, null, now);
  return { payment, events: [{ kind: 'removed', paymentId }] };
}

/**
 * The processing timer ran out before the merchant marked it paid. When the payment system says
 * the code is already paid, the merchant did pay and is late only with the receipt: it stays
 * processing with no new timer (they can still upload and mark it paid; support sees it waiting).
 * Otherwise nobody paid the shop: expired (the merchant's canceled), the client's crypto back.
 */
export async function lapseProcessing(
  tx: Database,
  paymentId: number,
  codeState: P2cQrCode['state'] | null,
  now: Date,
): Promise<P2cTransition> {
  const row = await lockedPayment(tx, paymentId);
  assertStatus(row, 'processing');
  await replaceP2cTimer(tx, paymentId, null, now);
  if (codeState === 'paid') {
    const payment = await recordChange(tx, row, {}, { actor: 'timer', detail: 'code_paid_awaiting_receipt' }, now);
    return { payment, events: [] };
  }
  const money = await refundEscrow(tx, row);
  const payment = await recordChange(
    tx,
    row,
    { ...money, status: 'expired' },
    { actor: 'timer', detail: 'merchant_timeout' },
    now,
  );
  return { payment, events: [] };
}

/** The dispute window closed without a dispute: the merchant's reward frees. */
export async function closeDisputeWindow(tx: Database, paymentId: number, now: Date): Promise<P2cTransition> {
  const row = await lockedPayment(tx, paymentId);
  assertStatus(row, 'completed');
  const money = await settleMerchant(tx, row, now);
  const payment = await recordChange(tx, row, money, { actor: 'timer', detail: 'dispute_window_closed' }, now);
  await replaceP2cTimer(tx, paymentId, null, now);
  return { payment, events: [] };
}

/**
 * The merchant paid the code (receipt and account checked by the caller): completed, the client's
 * total to the merchant's held balance less the fee, the dispute window starts.
 */
export async function completePayment(
  tx: Database,
  paymentId: number,
  input: { readonly merchantId: number; readonly accountId: number },
  now: Date,
): Promise<P2cTransition> {
  const row = await lockedPayment(tx, paymentId);
  if (row.merchantId !== input.merchantId) throw p2cErrors.paymentNotFound();
  assertStatus(row, 'processing');
  const money = await completeEscrow(tx, row, input.merchantId);
  const payment = await recordChange(
    tx,
    row,
    { ...money, status: 'completed', accountId: input.accountId, paidAt: now, completedAt: now },
    { actor: 'merchant' },
    now,
  );
  await replaceP2cTimer(tx, paymentId, 'dispute_window', now);
  return { payment, events: [] };
}

/** Until when the client may dispute a completed payment; null when they no longer can. */
export function disputeUntil(row: Pick<PaymentRow, 'status' | 'completedAt' | 'settledAt' | 'disputeOpenedAt'>) {
  if (row.status !== 'completed' || row.completedAt === null) return null;
  if (row.settledAt !== null || row.disputeOpenedAt !== null) return null;
  return new Date(row.completedAt.getTime() + p2cDisputeWindowSeconds * 1000);
}

/** The client disputes their completed payment within the window: the merchant's reward stays held. */
export async function openDispute(
  tx: Database,
  paymentId: number,
  input: { readonly clientId: number; readonly reason: P2cDisputeReason; readonly message: string },
  now: Date,
): Promise<P2cTransition> {
  const row = await lockedPayment(tx, paymentId);
  if (row.clientId !== input.clientId) throw p2cErrors.paymentNotFound();
  assertStatus(row, 'completed');
  const until = disputeUntil(row);
  if (until === null || until <= now) throw p2cErrors.disputeWindowClosed();
  const payment = await recordChange(
    tx,
    row,
    { status: 'disputed', disputeReason: input.reason, disputeMessage: input.message, disputeOpenedAt: now },
    { actor: 'client' },
    now,
  );
  await replaceP2cTimer(tx, paymentId, null, now);
  return { payment, events: [] };
}

/**
 * Support decides a dispute: `confirm` completes it again and frees the merchant's reward;
 * `refund` takes the reward back from the merchant and returns the whole total to the client.
 */
export async function resolveDispute(
  tx: Database,
  paymentId: number,
  input: { readonly outcome: 'confirm' | 'refund'; readonly note: string; readonly operatorId: number | null },
  now: Date,
): Promise<P2cTransition> {
  const row = await lockedPayment(tx, paymentId);
  assertStatus(row, 'disputed');
  const money =
    input.outcome === 'confirm' ? await settleMerchant(tx, row, now) : await refundFromMerchant(tx, row, now);
  const payment = await recordChange(
    tx,
    row,
    {
      ...money,
      status: input.outcome === 'confirm' ? 'completed' : 'refunded',
      resolutionOutcome: input.outcome,
      resolutionNote: input.note,
      resolvedAt: now,
      resolvedBy: input.operatorId,
    },
    { actor: 'support', detail: input.outcome },
    now,
  );
  return { payment, events: [] };
}
