import { eq } from 'drizzle-orm';
import type { WalletTransactionType } from '../../contract/wallet-operations';
import type { Database } from '../db/database';
import { isDeadlockVictim } from '../db/errors';
import { ledgerAccounts } from '../db/schema/ledger';
import type { AccountRef } from './accounts';
import { postJournal } from './journal';

export { InsufficientFundsError } from './errors';

/**
 * The only code that changes balances (docs/ledger.md). Every posting is one balanced journal of
 * one asset, grouped with the other journals of its operation by `operationId`; every posting
 * must run inside {@link inTransaction}.
 */
export interface Posting {
  readonly operationId: string;
  readonly type: WalletTransactionType;
}

interface UserPosting extends Posting {
  readonly userId: number;
  readonly asset: string;
  readonly amount: bigint;
}

interface ChainSettlement extends UserPosting {
  /** What the wallet charged on top of the amount; may be zero. */
  readonly fee: bigint;
}

const available = (userId: number): AccountRef => ({ userId, kind: 'available' });
const held = (userId: number): AccountRef => ({ userId, kind: 'held' });
const external: AccountRef = { userId: null, kind: 'external' };
const fees: AccountRef = { userId: null, kind: 'fees' };

function assertPositive(name: string, amount: bigint): void {
  if (amount <= 0n) throw new Error(`A ledger ${name} must be positive, got ${amount}`);
}

function assertNotNegative(name: string, amount: bigint): void {
  if (amount < 0n) throw new Error(`A ledger ${name} must not be negative, got ${amount}`);
}

/** external → user's available (deposits, compensation). */
export function credit(tx: Database, posting: UserPosting): Promise<void> {
  assertPositive('amount', posting.amount);
  return postJournal(tx, {
    ...posting,
    step: 'credit',
    legs: [
      { account: external, amount: -posting.amount },
      { account: available(posting.userId), amount: posting.amount },
    ],
  });
}

/**
 * external → user's held: value arriving from outside the wallet that stays held until a later
 * release (a P2C merchant's reward for a shop's bill they paid in roubles, held while the client
 * may dispute it: docs/p2c.md "Money").
 */
export function creditHeld(tx: Database, posting: UserPosting): Promise<void> {
  assertPositive('amount', posting.amount);
  return postJournal(tx, {
    ...posting,
    step: 'credit',
    legs: [
      { account: external, amount: -posting.amount },
      { account: held(posting.userId), amount: posting.amount },
    ],
  });
}

/** user's available → user's held; throws InsufficientFundsError, changing nothing. */
export function hold(tx: Database, posting: UserPosting): Promise<void> {
  assertPositive('amount', posting.amount);
  return postJournal(tx, {
    ...posting,
    step: 'hold',
    legs: [
      { account: available(posting.userId), amount: -posting.amount },
      { account: held(posting.userId), amount: posting.amount },
    ],
  });
}

/** user's held → user's available. */
export function release(tx: Database, posting: UserPosting): Promise<void> {
  assertPositive('amount', posting.amount);
  return postJournal(tx, {
    ...posting,
    step: 'release',
    legs: [
      { account: held(posting.userId), amount: -posting.amount },
      { account: available(posting.userId), amount: posting.amount },
    ],
  });
}

/** user's held → external (amount) and held → fees (fee): a withdrawal leaving the wallet. */
export function settleToExternal(tx: Database, posting: ChainSettlement): Promise<void> {
  assertPositive('amount', posting.amount);
  assertNotNegative('fee', posting.fee);
  return postJournal(tx, {
    ...posting,
    step: 'settle',
    legs: [
      { account: held(posting.userId), amount: -(posting.amount + posting.fee) },
      { account: external, amount: posting.amount },
      { account: fees, amount: posting.fee },
    ],
  });
}

/** external → user's available (amount) and fees → user's available (fee): a settled withdrawal the chain reverted. */
export function refundSettled(tx: Database, posting: ChainSettlement): Promise<void> {
  assertPositive('amount', posting.amount);
  assertNotNegative('fee', posting.fee);
  return postJournal(tx, {
    ...posting,
    step: 'refund',
    legs: [
      { account: external, amount: -posting.amount },
      { account: fees, amount: -posting.fee },
      { account: available(posting.userId), amount: posting.amount + posting.fee },
    ],
  });
}

/** one user's available (or held) → another user's available (later: P2P escrow, payments). */
export function transfer(
  tx: Database,
  posting: Posting & {
    readonly fromUserId: number;
    readonly from: 'available' | 'held';
    readonly toUserId: number;
    readonly asset: string;
    readonly amount: bigint;
  },
): Promise<void> {
  assertPositive('amount', posting.amount);
  if (posting.from === 'available' && posting.fromUserId === posting.toUserId) {
    throw new Error('A transfer must move value between two different accounts');
  }
  return postJournal(tx, {
    operationId: posting.operationId,
    type: posting.type,
    asset: posting.asset,
    step: 'transfer',
    legs: [
      { account: { userId: posting.fromUserId, kind: posting.from }, amount: -posting.amount },
      { account: available(posting.toUserId), amount: posting.amount },
    ],
  });
}

/**
 * one user's held → another user's available (amount less fee) and → fees (fee): a P2P order's
 * release, where `amount` is the whole escrow and the fee comes out of it.
 */
export function releaseHeldWithFee(
  tx: Database,
  posting: Posting & {
    readonly fromUserId: number;
    readonly toUserId: number;
    readonly asset: string;
    readonly amount: bigint;
    readonly fee: bigint;
  },
): Promise<void> {
  assertNotNegative('fee', posting.fee);
  assertPositive('amount less fee', posting.amount - posting.fee);
  if (posting.fromUserId === posting.toUserId) throw new Error('A release must pay another user');
  return postJournal(tx, {
    operationId: posting.operationId,
    type: posting.type,
    asset: posting.asset,
    step: 'transfer',
    legs: [
      { account: held(posting.fromUserId), amount: -posting.amount },
      { account: available(posting.toUserId), amount: posting.amount - posting.fee },
      { account: fees, amount: posting.fee },
    ],
  });
}

export interface AssetBalances {
  readonly available: bigint;
  readonly held: bigint;
}

/** Available and held per asset code (assets with no account are absent). */
export async function balancesOf(db: Database, userId: number): Promise<ReadonlyMap<string, AssetBalances>> {
  const rows = await db
    .select({ asset: ledgerAccounts.assetCode, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const balances = new Map<string, AssetBalances>();
  for (const row of rows) {
    const current = balances.get(row.asset) ?? { available: 0n, held: 0n };
    const amount = BigInt(row.balance);
    balances.set(row.asset, row.kind === 'held' ? { ...current, held: amount } : { ...current, available: amount });
  }
  return balances;
}

/** How many times a transaction runs when PostgreSQL keeps picking it as a deadlock's victim. */
const deadlockAttempts = 3;

/**
 * Runs fn in one database transaction (db.transaction); every posting must run inside one.
 *
 * A transaction PostgreSQL picked as a deadlock's victim was rolled back whole, so it runs again
 * from the start: locks taken in id order cannot always be kept in order across a transaction's
 * statements (opening a first `held` account waits on another transaction's insert of it), and
 * the person must get their answer, not a 500. `fn` must therefore keep its effects in the
 * database, or make them only from what it returns.
 */
export async function inTransaction<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (attempt >= deadlockAttempts || !isDeadlockVictim(error)) throw error;
    }
  }
}
