import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { p2cPayments } from '../../db/schema/p2c';
import { p2cErrors } from '../p2c-payments/errors';
import type { PaymentRow } from '../p2c-payments/escrow';

/** A payment the caller took; 404 `payment_not_found` for any other id (another's, or still pending). */
export async function takenPaymentRow(db: Database, merchantId: number, paymentId: number): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(p2cPayments)
    .where(and(eq(p2cPayments.id, paymentId), eq(p2cPayments.merchantId, merchantId)));
  if (row === undefined) throw p2cErrors.paymentNotFound();
  return row;
}
