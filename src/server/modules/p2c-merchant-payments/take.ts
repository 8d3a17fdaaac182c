import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { p2cPaymentHistory, p2cPayments } from '../../db/schema/p2c';
import { users } from '../../db/schema/users';
import { inTransaction } from '../../ledger/ledger';
import { canAcceptP2cOrder } from '../p2c-accounts/access';
import { p2cErrors } from '../p2c-payments/errors';
import type { PaymentRow } from '../p2c-payments/escrow';
import type { P2cLiveEvents } from '../p2c-payments/live-events';
import { replaceP2cTimer } from '../p2c-payments/timer-schedule';
import { maxProcessingPerMerchant, merchantPaymentErrors } from './errors';

/**
 * A merchant takes a pending payment (docs/p2c.md "Taking a payment"): `can_accept_p2c_order`
 * (403 `p2c_take_forbidden`), fewer than {@link maxProcessingPerMerchant} payments in
 * `processing` (409 `p2c_too_many_taken`), then one conditional UPDATE … WHERE status = 'pending':
 * of any number of merchants taking it at once exactly one changes the row; the database makes
 * the others wait for that row and then finds it no longer pending (409 `payment_not_pending`).
 * With the take: the history row and the `processing` timer; after the commit, the payment
 * leaves every merchant's live list.
 */
export async function takePayment(
  db: Database,
  live: P2cLiveEvents,
  input: { readonly merchantId: number; readonly paymentId: number },
  now: Date,
): Promise<PaymentRow> {
  const { merchantId, paymentId } = input;
  if (!(await canAcceptP2cOrder(db, merchantId, now))) throw merchantPaymentErrors.takeForbidden();
  const taken = await inTransaction(db, async (tx) => {
    // One take of this merchant at a time, so two at once cannot both pass the count below. The
    // row lock leaves the user row's key alone: the ledger's and others' foreign keys are not held up.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, merchantId)).for('no key update');
    const [open] = await tx
      .select({ payments: count() })
      .from(p2cPayments)
      .where(and(eq(p2cPayments.merchantId, merchantId), eq(p2cPayments.status, 'processing')));
    if ((open?.payments ?? 0) >= maxProcessingPerMerchant) throw merchantPaymentErrors.tooManyTaken();

    const [row] = await tx
      .update(p2cPayments)
      .set({ status: 'processing', merchantId, takenAt: now, updatedAt: now })
      .where(
        and(eq(p2cPayments.id, paymentId), eq(p2cPayments.status, 'pending'), ne(p2cPayments.clientId, merchantId)),
      )
      .returning();
    if (row === undefined) throw await whyNotTaken(tx, paymentId, merchantId);
    await tx.insert(p2cPaymentHistory).values({
      paymentId,
      fromStatus: 'pending',
      toStatus: 'processing',
      actor: 'merchant',
      detail: null,
      at: now,
    });
    await replaceP2cTimer(tx, paymentId, 'processing', now);
    return row;
  });
  live.publish({ kind: 'removed', paymentId });
  return taken;
}

/** The refusal of a take that changed nothing: no such payment, the merchant's own, or no longer pending. */
async function whyNotTaken(tx: Database, paymentId: number, merchantId: number) {
  const [row] = await tx
    .select({ clientId: p2cPayments.clientId })
    .from(p2cPayments)
    .where(eq(p2cPayments.id, paymentId));
  if (row === undefined) return p2cErrors.paymentNotFound();
  if (row.clientId === merchantId) return merchantPaymentErrors.takeForbidden('You cannot take your own payment');
  return p2cErrors.paymentNotPending();
}
