import type { Database } from '../../db/database';
import { inTransaction } from '../../ledger/ledger';
import { ownAccountRow } from '../p2c-accounts/service';
import { p2cErrors } from '../p2c-payments/errors';
import type { PaymentRow } from '../p2c-payments/escrow';
import { completePayment, lockPayment } from '../p2c-payments/transitions';
import { merchantPaymentErrors } from './errors';

/**
 * The merchant paid the code from one of their accounts (docs/p2c.md "Receipt and paid"): the
 * account is theirs (404 `account_not_found`) and `active` (422 `account_not_active`); under the
 * payment's lock it is theirs and `processing` (404 / 409) with a receipt (422 `check_required`);
 * then completed through the payments module: the client's held total becomes the merchant's
 * held amount and the service's fee, and the 24-hour dispute window starts.
 */
export async function markPaid(
  db: Database,
  input: { readonly merchantId: number; readonly paymentId: number; readonly accountId: number },
  now: Date,
): Promise<PaymentRow> {
  const account = await ownAccountRow(db, input.merchantId, input.accountId);
  if (account.status !== 'active') throw merchantPaymentErrors.accountNotActive();
  const { payment } = await inTransaction(db, async (tx) => {
    const row = await lockPayment(tx, input.paymentId);
    if (row === undefined || row.merchantId !== input.merchantId) throw p2cErrors.paymentNotFound();
    if (row.status !== 'processing') throw p2cErrors.statusConflict(row.status);
    if (row.checkFileId === null) throw merchantPaymentErrors.checkRequired();
    return completePayment(tx, input.paymentId, { merchantId: input.merchantId, accountId: input.accountId }, now);
  });
  return payment;
}
