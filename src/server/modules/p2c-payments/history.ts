import { and, eq, inArray } from 'drizzle-orm';
import type { WalletTransaction } from '../../../contract/wallet-operations';
import type { Database } from '../../db/database';
import { p2cPayments } from '../../db/schema/p2c';
import type { PaymentRow } from './escrow';
import { isP2cTransactionType, paymentOperationIdOf } from './operations';

// The client's P2C operations in the wallet history (docs/p2c.md "In the wallet history"). Their
// ledger nets say little while the money is held (a hold or its release nets to zero), so, like a
// withdrawal, the payment's own figures are shown. The merchant's two types show their ledger net.

type ClientView = Pick<WalletTransaction, 'amount' | 'fee' | 'status'>;

/** The client's payments behind the page's `p2c_client` and `p2c_client_refund` operations, by operation id. */
export async function clientPaymentsOf(
  db: Database,
  userId: number,
  operations: readonly { readonly operationId: string; readonly type: string }[],
): Promise<ReadonlyMap<string, PaymentRow>> {
  // A payment's own operation and its refund's both lead back to it.
  const wanted = new Map<string, string[]>();
  for (const { operationId, type } of operations) {
    if (type === 'p2c_client' || type === 'p2c_client_refund') {
      const paymentOperationId = paymentOperationIdOf(operationId, type);
      wanted.set(paymentOperationId, [...(wanted.get(paymentOperationId) ?? []), operationId]);
    }
  }
  if (wanted.size === 0) return new Map();
  const rows = await db
    .select()
    .from(p2cPayments)
    .where(and(inArray(p2cPayments.operationId, [...wanted.keys()]), eq(p2cPayments.clientId, userId)));
  const byOperation = new Map<string, PaymentRow>();
  for (const row of rows) {
    for (const operationId of wanted.get(row.operationId) ?? []) byOperation.set(operationId, row);
  }
  return byOperation;
}

/**
 * What the client's operation shows: the payment, the amount out and the fee on top (processing
 * while it waits or is being paid, canceled once it expired, else completed); the refund, the
 * whole total back.
 */
export function clientTransactionOf(type: string, payment: PaymentRow): ClientView | null {
  if (type === 'p2c_client_refund') return { amount: payment.total, fee: '0', status: 'completed' };
  if (type !== 'p2c_client') return null;
  const status =
    payment.status === 'pending' || payment.status === 'processing'
      ? 'processing'
      : payment.status === 'expired'
        ? 'canceled'
        : 'completed';
  return { amount: (-BigInt(payment.amount)).toString(), fee: payment.fee, status };
}

/**
 * The payment behind one of the caller's P2C operations, for its detail page to lead to: one they
 * paid for the client's two types, one they took for the merchant's; null for any other type.
 */
export async function p2cPaymentIdOf(
  db: Database,
  userId: number,
  operation: { readonly operationId: string; readonly type: string },
): Promise<number | null> {
  const { type } = operation;
  if (!isP2cTransactionType(type)) return null;
  const owner = type === 'p2c_client' || type === 'p2c_client_refund' ? p2cPayments.clientId : p2cPayments.merchantId;
  const [row] = await db
    .select({ id: p2cPayments.id })
    .from(p2cPayments)
    .where(and(eq(p2cPayments.operationId, paymentOperationIdOf(operation.operationId, type)), eq(owner, userId)));
  return row?.id ?? null;
}
