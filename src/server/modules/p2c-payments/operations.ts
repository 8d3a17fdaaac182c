import type { WalletTransactionType } from '../../../contract/wallet-operations';

/** The wallet transaction types of a payment's money, one ledger operation each (docs/p2c.md "Money"). */
export type P2cTransactionType = Extract<
  WalletTransactionType,
  'p2c_client' | 'p2c_client_refund' | 'p2c_merchant' | 'p2c_merchant_refund'
>;

export const p2cTransactionTypes: readonly P2cTransactionType[] = [
  'p2c_client',
  'p2c_client_refund',
  'p2c_merchant',
  'p2c_merchant_refund',
];

// The history shows one item per ledger operation with the type of its first journal, so each
// role's money of a payment is its own operation: the payment's `operation_id` for the client's
// payment, and ids derived from it for the rest. The derivation flips bits of the UUID's last
// group only (version and variant stay), so it is its own inverse: a history item of one of these
// types leads back to its payment without a lookup table.
const lastGroupMasks: Readonly<Record<P2cTransactionType, bigint>> = {
  p2c_client: 0n,
  p2c_merchant: 0x5a17_c0de_0001n,
  p2c_client_refund: 0x5a17_c0de_0002n,
  p2c_merchant_refund: 0x5a17_c0de_0003n,
};

function flipLastGroup(uuid: string, mask: bigint): string {
  const head = uuid.slice(0, 24);
  const last = BigInt(`0x${uuid.slice(24)}`) ^ mask;
  return `${head}${last.toString(16).padStart(12, '0')}`;
}

/** The ledger operation a payment's money of this type is posted under. */
export function p2cOperationId(paymentOperationId: string, type: P2cTransactionType): string {
  return flipLastGroup(paymentOperationId.toLowerCase(), lastGroupMasks[type]);
}

/** The payment's `operation_id` behind a history operation of this type (the inverse of {@link p2cOperationId}). */
export function paymentOperationIdOf(operationId: string, type: P2cTransactionType): string {
  return flipLastGroup(operationId.toLowerCase(), lastGroupMasks[type]);
}

export function isP2cTransactionType(type: string): type is P2cTransactionType {
  return (p2cTransactionTypes as readonly string[]).includes(type);
}
