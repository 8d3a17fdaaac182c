import type { Database } from '../../db/database';
import type { p2cPayments } from '../../db/schema/p2c';
import { creditHeld, hold, refundSettled, release, settleToExternal } from '../../ledger/ledger';
import { p2cOperationId } from './operations';

// Every money move of a P2C payment (docs/p2c.md "Money"), for this module and the merchant's
// (p2c-merchant-payments). The payment's `escrow` column is what the client's held balance holds
// for it and `merchant_held` what the merchant's does; each function posts the journals and answers
// the columns to write in the same UPDATE as the new status (checks in the table tie them to it).
// Callers hold the payment's row lock. Each is idempotent: money already moved moves no more.
//
// The client's payment and the merchant's reward are separate ledger operations (operations.ts),
// linked through `external`: the client's crypto leaves for the shop's bill (external +amount, fees
// +fee), the merchant's reward arrives for the roubles they paid (external −amount). Per asset the
// two cancel out, so no money is created or lost, and each person's history shows their own type.

export type PaymentRow = typeof p2cPayments.$inferSelect;

/** Columns a money move sets; write them with the status change. */
export type P2cMoneyPatch = Partial<Pick<typeof p2cPayments.$inferInsert, 'escrow' | 'merchantHeld' | 'settledAt'>>;

function posting(row: PaymentRow, type: Parameters<typeof p2cOperationId>[1]) {
  return { operationId: p2cOperationId(row.operationId, type), type, asset: row.assetCode };
}

/**
 * Paying: the total leaves the client's available balance for their held one, under the payment's
 * own operation (`p2c_client`). Throws InsufficientFundsError having moved nothing.
 */
export async function holdPayment(
  tx: Database,
  payment: Pick<PaymentRow, 'clientId' | 'operationId' | 'assetCode' | 'total'>,
): Promise<void> {
  await hold(tx, {
    operationId: payment.operationId,
    type: 'p2c_client',
    userId: payment.clientId,
    asset: payment.assetCode,
    amount: BigInt(payment.total),
  });
}

/** Expiry: the client's held total goes back to their available balance (`p2c_client_refund`). */
export async function refundEscrow(tx: Database, row: PaymentRow): Promise<P2cMoneyPatch> {
  const escrow = BigInt(row.escrow);
  if (escrow === 0n) return {};
  await release(tx, { ...posting(row, 'p2c_client_refund'), userId: row.clientId, amount: escrow });
  return { escrow: '0' };
}

/**
 * Completion: the client's held total pays the amount out and the fee to the fees account
 * (`p2c_client`); the merchant's held balance receives the amount (`p2c_merchant`), where it stays
 * until the dispute window closes, so a refund can always be paid from it.
 */
export async function completeEscrow(tx: Database, row: PaymentRow, merchantId: number): Promise<P2cMoneyPatch> {
  if (BigInt(row.escrow) === 0n) return {};
  const amount = BigInt(row.amount);
  await settleToExternal(tx, { ...posting(row, 'p2c_client'), userId: row.clientId, amount, fee: BigInt(row.fee) });
  await creditHeld(tx, { ...posting(row, 'p2c_merchant'), userId: merchantId, amount });
  return { escrow: '0', merchantHeld: row.amount };
}

/** The dispute window closed, or support confirmed the payment: the merchant's held amount frees. */
export async function settleMerchant(tx: Database, row: PaymentRow, now: Date): Promise<P2cMoneyPatch> {
  const held = BigInt(row.merchantHeld);
  if (held === 0n || row.merchantId === null) return {};
  await release(tx, { ...posting(row, 'p2c_merchant'), userId: row.merchantId, amount: held });
  return { merchantHeld: '0', settledAt: now };
}

/**
 * Support refunds a disputed payment: the merchant's held amount leaves them (`p2c_merchant_refund`)
 * and the client gets the whole total back, the amount and the fee (`p2c_client_refund`).
 */
export async function refundFromMerchant(tx: Database, row: PaymentRow, now: Date): Promise<P2cMoneyPatch> {
  const held = BigInt(row.merchantHeld);
  if (held === 0n || row.merchantId === null) return {};
  await settleToExternal(tx, { ...posting(row, 'p2c_merchant_refund'), userId: row.merchantId, amount: held, fee: 0n });
  await refundSettled(tx, {
    ...posting(row, 'p2c_client_refund'),
    userId: row.clientId,
    amount: held,
    fee: BigInt(row.fee),
  });
  return { merchantHeld: '0', settledAt: now };
}
