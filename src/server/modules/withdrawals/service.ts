import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  type AddressCheckAnswer,
  type CreateWithdrawalRequest,
  type NetworkId,
  networkId,
  type Withdrawal,
} from '../../../contract/wallet-operations';
import { lockUntilCommit } from '../../db/advisory-lock';
import type { Database } from '../../db/database';
import { assetNetworks } from '../../db/schema/catalogue';
import { withdrawals } from '../../db/schema/wallet';
import { normaliseAddress } from '../../integrations/chain/addresses';
import { checkAddress } from '../../integrations/chain/check';
import { explorerLink } from '../../integrations/chain/explorer';
import { hold, InsufficientFundsError, inTransaction } from '../../ledger/ledger';
import { spendableBalance } from '../p2p-orders/buyer-lock';
import { assertOutflowsAllowed } from '../security/outflow-hold';
import { consumeToken } from '../security/tokens';
import { walletAccessOf } from '../settings/wallet-access';
import { type AssetNetworkRoute, findAssetNetwork } from './asset-networks';
import { withdrawalErrors } from './errors';

type WithdrawalRow = typeof withdrawals.$inferSelect;
type ExplorerTemplate = Pick<AssetNetworkRoute, 'explorerUrl' | 'explorerTransactionUrl'>;

function toWithdrawal(row: WithdrawalRow, explorer: ExplorerTemplate | null): Withdrawal {
  return {
    id: row.id,
    asset: row.assetCode,
    network: z.parse(networkId, row.network),
    address: row.address,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    txid: row.txid,
    explorer_transaction_url:
      explorer === null
        ? null
        : explorerLink(explorer.explorerTransactionUrl, { explorerUrl: explorer.explorerUrl, txid: row.txid }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The address check, for an enabled asset on one of its networks only. */
export async function checkWithdrawalAddress(
  db: Database,
  request: { readonly asset: string; readonly network: NetworkId; readonly address: string },
): Promise<AddressCheckAnswer> {
  const route = await findAssetNetwork(db, request.asset, request.network);
  if (route === null || !route.assetEnabled) throw withdrawalErrors.networkNotFound();
  return checkAddress(db, request);
}

/**
 * The idempotency key as the database sees it. The key is a UUID, stored in a `uuid` column whose
 * equality (and unique index) ignores letter case; the lock must name the same key the index
 * does, or "ABC…" and "abc…" sent together take two locks, both find nothing, both insert, and
 * the second insert breaks the unique index (a 500 on PostgreSQL).
 */
function canonicalKey(idempotencyKey: string): string {
  return idempotencyKey.toLowerCase();
}

/**
 * Serialises the requests of one user with one idempotency key (in any letter case) until the
 * transaction ends, so a repeat sent while the first is still running waits and then finds its
 * withdrawal.
 */
async function lockIdempotencyKey(tx: Database, userId: number, idempotencyKey: string): Promise<void> {
  await lockUntilCommit(tx, `withdrawal:${userId}:${canonicalKey(idempotencyKey)}`);
}

function isSameRequest(row: WithdrawalRow, request: CreateWithdrawalRequest): boolean {
  const address = normaliseAddress(request.network, request.address) ?? request.address;
  return (
    row.assetCode === request.asset &&
    row.network === request.network &&
    row.address === address &&
    BigInt(row.amount) === BigInt(request.amount)
  );
}

/** Every check a new withdrawal must pass before the confirmation token is spent. */
async function admitWithdrawal(
  tx: Database,
  userId: number,
  request: CreateWithdrawalRequest,
  now: Date,
): Promise<{ readonly route: AssetNetworkRoute; readonly address: string; readonly fee: bigint }> {
  const access = await walletAccessOf(tx, userId);
  if (access.blocked || !access.canWithdraw) throw withdrawalErrors.withdrawForbidden();
  const route = await findAssetNetwork(tx, request.asset, request.network);
  if (route === null) throw withdrawalErrors.networkNotFound();
  if (!route.assetEnabled || !route.canWithdraw) throw withdrawalErrors.withdrawForbidden();

  const amount = BigInt(request.amount);
  if (amount < route.withdrawMin) throw withdrawalErrors.amountBelowMinimum(route.withdrawMin);
  if (route.withdrawMax !== 0n && amount > route.withdrawMax) {
    throw withdrawalErrors.amountAboveMaximum(route.withdrawMax);
  }

  const check = await checkAddress(tx, { network: request.network, asset: request.asset, address: request.address });
  if (check.result !== 'valid') throw withdrawalErrors.addressRejected(check.result);

  const fee = route.withdrawFee;
  // Crypto bought on P2P that is still locked does not count (docs/p2p.md "Orders: creation, escrow and reads").
  const available = await spendableBalance(tx, userId, request.asset, now);
  // A first look that refuses early; the hold below decides under the account's lock.
  if (amount + fee > available) throw withdrawalErrors.insufficientFunds(available, fee);
  return { route, address: check.address ?? request.address, fee };
}

type CreateOutcome =
  | { readonly kind: 'created'; readonly row: WithdrawalRow; readonly route: ExplorerTemplate | null }
  | { readonly kind: 'invalid_token' };

/**
 * Creates a withdrawal in one transaction: repeats of the idempotency key answer the first
 * withdrawal; a new one passes the permission, limit, address and balance checks, spends the
 * passcode confirmation token, is stored as `created` and holds amount + fee for the worker.
 */
export async function createWithdrawal(
  db: Database,
  userId: number,
  request: CreateWithdrawalRequest,
  now: Date,
): Promise<Withdrawal> {
  const outcome = await inTransaction(db, async (tx): Promise<CreateOutcome> => {
    await lockIdempotencyKey(tx, userId, request.idempotency_key);
    const [existing] = await tx
      .select()
      .from(withdrawals)
      .where(
        and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, canonicalKey(request.idempotency_key))),
      );
    if (existing !== undefined) {
      if (!isSameRequest(existing, request)) throw withdrawalErrors.idempotencyConflict();
      return {
        kind: 'created',
        row: existing,
        route: await findAssetNetwork(tx, existing.assetCode, existing.network),
      };
    }

    // After a passcode recovery or an e-mail change money stays in for 24 h (before the token is spent).
    await assertOutflowsAllowed(tx, userId, now);
    const { route, address, fee } = await admitWithdrawal(tx, userId, request, now);
    // The token is bound to the key exactly as the client sent it when asking for the token.
    const spent = await consumeToken(
      tx,
      request.token,
      { userId, kind: 'confirmation', transactionTypes: ['withdraw'], operationHash: request.idempotency_key },
      now,
    );
    // Answered after the commit: a token shown for the wrong operation stays burnt.
    if (!spent) return { kind: 'invalid_token' };

    const amount = BigInt(request.amount);
    const [row] = await tx
      .insert(withdrawals)
      .values({
        id: randomUUID(),
        userId,
        idempotencyKey: canonicalKey(request.idempotency_key),
        assetCode: request.asset,
        network: request.network,
        address,
        amount: amount.toString(),
        fee: fee.toString(),
        status: 'created',
        nextStepAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (row === undefined) throw new Error('The withdrawal insert returned no row');
    try {
      await hold(tx, { operationId: row.id, type: 'withdrawal', userId, asset: request.asset, amount: amount + fee });
    } catch (error) {
      // Thrown inside the transaction: the withdrawal row and the token spend roll back with it.
      if (error instanceof InsufficientFundsError) throw withdrawalErrors.insufficientFunds(error.available, fee);
      throw error;
    }
    return { kind: 'created', row, route };
  });
  if (outcome.kind === 'invalid_token') throw withdrawalErrors.invalidToken();
  return toWithdrawal(outcome.row, outcome.route);
}

/** The user's own withdrawal; any other id (someone else's, unknown, malformed) is not found. */
export async function getWithdrawal(db: Database, userId: number, id: string): Promise<Withdrawal> {
  if (!z.safeParse(z.uuid(), id).success) throw withdrawalErrors.notFound();
  const [found] = await db
    .select({
      withdrawal: withdrawals,
      explorerUrl: assetNetworks.explorerUrl,
      explorerTransactionUrl: assetNetworks.explorerTransactionUrl,
    })
    .from(withdrawals)
    .leftJoin(
      assetNetworks,
      and(eq(assetNetworks.assetCode, withdrawals.assetCode), eq(assetNetworks.network, withdrawals.network)),
    )
    .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)));
  if (found === undefined) throw withdrawalErrors.notFound();
  const explorer =
    found.explorerUrl === null
      ? null
      : { explorerUrl: found.explorerUrl, explorerTransactionUrl: found.explorerTransactionUrl };
  return toWithdrawal(found.withdrawal, explorer);
}
