import { asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { OperatorP2cPayment } from '../../../contract/p2c';
import type { Database } from '../../db/database';
import { p2cPaymentHistory, p2cPayments } from '../../db/schema/p2c';
import { inTransaction } from '../../ledger/ledger';
import { p2cErrors } from '../p2c-payments/errors';
import type { PaymentRow } from '../p2c-payments/escrow';
import type { P2cLiveEvents } from '../p2c-payments/live-events';
import { resolveDispute } from '../p2c-payments/transitions';
import { loadClientPayment, loadMerchantPayment, merchantStatusOf } from '../p2c-payments/view';

// Support's side of P2C payments: the operator API and the local stand-in page both act through
// these functions; who may call them is decided before (operator/access.ts, or local mode).

/** At most this many payments per list answer. */
const listLimit = 200;

/** Who decided: an operator by Telegram id, or (null) the local-mode stand-in page. */
export interface SupportActor {
  readonly operatorId: number | null;
}

async function paymentRow(db: Database, paymentId: number): Promise<PaymentRow> {
  const [row] = await db.select().from(p2cPayments).where(eq(p2cPayments.id, paymentId));
  if (row === undefined) throw p2cErrors.paymentNotFound();
  return row;
}

/** A payment as support sees it: both people by Telegram id, both sides' views, the whole history. */
export async function supportPaymentView(db: Database, row: PaymentRow): Promise<OperatorP2cPayment> {
  const history = await db
    .select()
    .from(p2cPaymentHistory)
    .where(eq(p2cPaymentHistory.paymentId, row.id))
    .orderBy(asc(p2cPaymentHistory.id));
  return {
    id: row.id,
    client: { user_id: row.clientId, telegram_id: row.clientId },
    merchant: row.merchantId === null ? null : { user_id: row.merchantId, telegram_id: row.merchantId },
    client_view: await loadClientPayment(db, row, 'en'),
    merchant_view: merchantStatusOf(row) === null ? null : await loadMerchantPayment(db, row, 'en'),
    history: history.map((entry) => ({
      from: entry.fromStatus,
      to: entry.toStatus,
      actor: entry.actor,
      detail: entry.detail,
      at: entry.at.toISOString(),
    })),
  };
}

export async function supportPayment(db: Database, paymentId: number): Promise<OperatorP2cPayment> {
  return supportPaymentView(db, await paymentRow(db, paymentId));
}

/** `disputed`: open disputes, the oldest first; `resolved`: decided ones, the latest first. */
export async function listSupportPayments(db: Database, state: 'disputed' | 'resolved'): Promise<OperatorP2cPayment[]> {
  const rows =
    state === 'disputed'
      ? await db
          .select()
          .from(p2cPayments)
          .where(eq(p2cPayments.status, 'disputed'))
          .orderBy(asc(p2cPayments.disputeOpenedAt), asc(p2cPayments.id))
          .limit(listLimit)
      : await db
          .select()
          .from(p2cPayments)
          .where(isNotNull(p2cPayments.resolvedAt))
          .orderBy(desc(p2cPayments.resolvedAt), desc(p2cPayments.id))
          .limit(listLimit);
  const views: OperatorP2cPayment[] = [];
  for (const row of rows) views.push(await supportPaymentView(db, row));
  return views;
}

/**
 * Support's decision on a disputed payment (through the payments module's transition and money):
 * `confirm` → completed, the merchant's reward freed; `refund` → refunded, the client's whole
 * total back from the merchant and the fee. 409 `payment_status_conflict` when it is not disputed.
 */
export async function resolveSupportPayment(
  db: Database,
  live: P2cLiveEvents,
  actor: SupportActor,
  paymentId: number,
  decision: { readonly outcome: 'confirm' | 'refund'; readonly note: string },
  now: Date,
): Promise<OperatorP2cPayment> {
  await paymentRow(db, paymentId);
  const { payment, events } = await inTransaction(db, (tx) =>
    resolveDispute(tx, paymentId, { ...decision, operatorId: actor.operatorId }, now),
  );
  for (const event of events) live.publish(event);
  return supportPaymentView(db, payment);
}
