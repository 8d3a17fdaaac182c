import { and, eq, inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  networkId,
  type TransactionDetailKind,
  transactionDetailKinds,
  type WalletTransaction,
  type WalletTransactionDetail,
  type WalletTransactionPage,
  type WalletTransactionType,
  walletTransactionType,
  withdrawalErrorCodes,
} from '../../../contract/wallet-operations';
import type { Database } from '../../db/database';
import { assetNetworks } from '../../db/schema/catalogue';
import { chainDeposits, withdrawals } from '../../db/schema/wallet';
import { ApiError } from '../../http/api-error';
import { explorerLink } from '../../integrations/chain/explorer';
import type { PaymentRow as P2cPaymentRow } from '../p2c-payments/escrow';
import { clientPaymentsOf, clientTransactionOf, p2cPaymentIdOf } from '../p2c-payments/history';
import { decodeCursor, encodeCursor, isUuid } from './cursor';
import { findUserOperations, lastJournalAt, type UserOperation } from './operations';

export const defaultPageSize = 40;

type WithdrawalRow = typeof withdrawals.$inferSelect;
type DepositRow = typeof chainDeposits.$inferSelect;

/**
 * The records behind the operations of a page besides the ledger: their withdrawal and deposit
 * rows, and the client's P2C payments, by operation id.
 */
interface ChainRecords {
  readonly withdrawals: ReadonlyMap<string, WithdrawalRow>;
  readonly deposits: ReadonlyMap<string, DepositRow>;
  readonly p2cPayments: ReadonlyMap<string, P2cPaymentRow>;
}

async function chainRecordsOf(
  db: Database,
  userId: number,
  operations: readonly UserOperation[],
): Promise<ChainRecords> {
  if (operations.length === 0) return { withdrawals: new Map(), deposits: new Map(), p2cPayments: new Map() };
  const ids = [...new Set(operations.map((operation) => operation.operationId))];
  // Looked up by primary key alone, with the owner checked on the rows: with `user_id` in the
  // query, a planner whose statistics predate a bulk load picks the (user_id, created_at) index
  // and reads every deposit the user ever had to return a page's forty (docs/performance.md).
  const [withdrawalRows, depositRows, p2cPayments] = await Promise.all([
    db.select().from(withdrawals).where(inArray(withdrawals.id, ids)),
    db.select().from(chainDeposits).where(inArray(chainDeposits.id, ids)),
    clientPaymentsOf(db, userId, operations),
  ]);
  return {
    withdrawals: new Map(withdrawalRows.filter((row) => row.userId === userId).map((row) => [row.id, row])),
    deposits: new Map(depositRows.filter((row) => row.userId === userId).map((row) => [row.id, row])),
    p2cPayments,
  };
}

function transactionTypeOf(operation: UserOperation): WalletTransactionType {
  const parsed = z.safeParse(walletTransactionType, operation.type);
  if (!parsed.success) throw new Error(`Operation ${operation.operationId} has an unknown type ${operation.type}`);
  return parsed.data;
}

/** The networks of the contract; a row naming another one shows no network. */
function networkOf(network: string) {
  const parsed = z.safeParse(networkId, network);
  return parsed.success ? parsed.data : null;
}

/**
 * A withdrawal shows what it sends and its own fee and status (its ledger movements net to zero
 * until it settles); so does a client's P2C payment or refund (docs/p2c.md); a deposit shows its
 * network; every other operation is its net effect.
 */
function toTransaction(operation: UserOperation, records: ChainRecords): WalletTransaction {
  const common = {
    id: operation.operationId,
    type: transactionTypeOf(operation),
    date: operation.firstAt.toISOString(),
    asset: operation.asset,
  };
  const withdrawal = records.withdrawals.get(operation.operationId);
  if (withdrawal !== undefined) {
    return {
      ...common,
      amount: (-BigInt(withdrawal.amount)).toString(),
      fee: withdrawal.fee,
      status: withdrawal.status,
      network: networkOf(withdrawal.network),
    };
  }
  const payment = records.p2cPayments.get(operation.operationId);
  const p2c = payment === undefined ? null : clientTransactionOf(common.type, payment);
  if (p2c !== null) return { ...common, ...p2c, network: null };
  const deposit = records.deposits.get(operation.operationId);
  return {
    ...common,
    amount: operation.net.toString(),
    fee: '0',
    status: 'completed',
    network: deposit === undefined ? null : networkOf(deposit.network),
  };
}

export async function listTransactions(
  db: Database,
  userId: number,
  query: {
    readonly count?: number | undefined;
    readonly cursor?: string | undefined;
    readonly asset?: string | undefined;
  },
): Promise<WalletTransactionPage> {
  const pageSize = query.count ?? defaultPageSize;
  // One more than the page: whether it exists says if there is a next page.
  const operations = await findUserOperations(db, {
    userId,
    asset: query.asset,
    after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    limit: pageSize + 1,
  });
  const page = operations.slice(0, pageSize);
  const records = await chainRecordsOf(db, userId, page);
  const last = page.at(-1);
  return {
    items: page.map((operation) => toTransaction(operation, records)),
    cursor:
      operations.length > pageSize && last !== undefined
        ? encodeCursor({ firstAt: last.firstAtExact, operationId: last.operationId, asset: last.asset })
        : null,
  };
}

function notFound(): ApiError {
  return new ApiError(404, withdrawalErrorCodes.notFound, 'No such transaction was found');
}

async function explorerOf(db: Database, asset: string, network: string | undefined) {
  if (network === undefined) return undefined;
  const [row] = await db
    .select()
    .from(assetNetworks)
    .where(and(eq(assetNetworks.assetCode, asset), eq(assetNetworks.network, network)));
  return row;
}

/**
 * One of the user's operations as its detail page shows it. Someone else's operation, an unknown
 * id and an operation of a type the kind does not show are all simply not found.
 */
export async function getTransactionDetail(
  db: Database,
  userId: number,
  kind: TransactionDetailKind,
  id: string,
): Promise<WalletTransactionDetail> {
  if (!isUuid(id)) throw notFound();
  const [operation] = await findUserOperations(db, { userId, operationId: id, limit: 1 });
  if (operation === undefined) throw notFound();
  const records = await chainRecordsOf(db, userId, [operation]);
  const transaction = toTransaction(operation, records);
  const shownTypes: readonly WalletTransactionType[] = transactionDetailKinds[kind];
  if (!shownTypes.includes(transaction.type)) throw notFound();

  const withdrawal = records.withdrawals.get(id);
  const deposit = records.deposits.get(id);
  const address = withdrawal?.address ?? deposit?.address ?? null;
  const txid = withdrawal?.txid ?? deposit?.txid ?? null;
  const explorer = await explorerOf(db, operation.asset, withdrawal?.network ?? deposit?.network);
  const p2cPaymentId = await p2cPaymentIdOf(db, userId, { operationId: operation.operationId, type: transaction.type });
  return {
    ...transaction,
    ...(p2cPaymentId === null ? {} : { p2c_payment_id: p2cPaymentId }),
    address,
    txid,
    explorer_transaction_url:
      explorer === undefined
        ? null
        : explorerLink(explorer.explorerTransactionUrl, { explorerUrl: explorer.explorerUrl, txid }),
    explorer_address_url:
      explorer === undefined
        ? null
        : explorerLink(explorer.explorerAddressUrl, { explorerUrl: explorer.explorerUrl, address }),
    // A withdrawal's (or a P2C payment's) status moves on after its last ledger posting; anything else changes by postings.
    updated_at: (
      withdrawal?.updatedAt ??
      records.p2cPayments.get(id)?.updatedAt ??
      (await lastJournalAt(db, id))
    ).toISOString(),
  };
}
