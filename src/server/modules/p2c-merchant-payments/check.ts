import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { P2cCheck } from '../../../contract/p2c';
import type { Database } from '../../db/database';
import { p2cPaymentHistory, p2cPayments } from '../../db/schema/p2c';
import { ApiError } from '../../http/api-error';
import { inTransaction } from '../../ledger/ledger';
import { p2cErrors } from '../p2c-payments/errors';
import { checkOf } from '../p2c-payments/view';
import { fileNotFoundCode, type OpenedFile, type Uploads } from '../uploads/service';
import { takenPaymentRow } from './own-payment';

/**
 * Receives the bank's receipt for a payment the merchant is paying (`processing`), through the
 * uploads module and its rules (image or PDF, 10 MB, quota), replacing an earlier one: the payment
 * names the latest. The earlier file stays among the merchant's uploads (their quota counts it).
 */
export async function receiveCheck(
  db: Database,
  uploads: Uploads,
  request: FastifyRequest,
  input: { readonly merchantId: number; readonly paymentId: number; readonly now: Date },
): Promise<P2cCheck> {
  const row = await takenPaymentRow(db, input.merchantId, input.paymentId);
  if (row.status !== 'processing') throw p2cErrors.statusConflict(row.status);
  const file = await uploads.receiveFile(request, input.merchantId);
  const updated = await inTransaction(db, async (tx) => {
    const [changed] = await tx
      .update(p2cPayments)
      .set({ checkFileId: file.id, checkUploadedAt: input.now, updatedAt: input.now })
      .where(
        and(
          eq(p2cPayments.id, row.id),
          eq(p2cPayments.merchantId, input.merchantId),
          eq(p2cPayments.status, 'processing'),
        ),
      )
      .returning();
    if (changed === undefined) return undefined;
    await tx.insert(p2cPaymentHistory).values({
      paymentId: row.id,
      fromStatus: 'processing',
      toStatus: 'processing',
      actor: 'merchant',
      detail: 'check_uploaded',
      at: input.now,
    });
    return changed;
  });
  // The payment moved on (expired) while the file was on its way.
  if (updated === undefined) {
    throw p2cErrors.statusConflict((await takenPaymentRow(db, input.merchantId, input.paymentId)).status);
  }
  const check = await checkOf(db, updated);
  if (check === null) throw new Error(`The receipt of payment ${row.id} was not kept`);
  return check;
}

/** A payment's receipt, for support; 404 when it has none. */
export async function openCheckForSupport(db: Database, uploads: Uploads, paymentId: number): Promise<OpenedFile> {
  const [row] = await db
    .select({ checkFileId: p2cPayments.checkFileId })
    .from(p2cPayments)
    .where(eq(p2cPayments.id, paymentId));
  if (row?.checkFileId == null) throw new ApiError(404, fileNotFoundCode, 'No such file');
  return uploads.open(row.checkFileId, { operator: true });
}
