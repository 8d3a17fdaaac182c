import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { NetworkId } from '../../../src/contract/wallet-operations';
import type { Database } from '../../../src/server/db/database';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerJournals,
  ledgerUserOperations,
} from '../../../src/server/db/schema/ledger';
import { chainDeposits, withdrawals } from '../../../src/server/db/schema/wallet';
import { balancesOf, credit, hold, inTransaction, release, settleToExternal } from '../../../src/server/ledger/ledger';
import { upsertUser } from '../../../src/server/modules/users/service';
import { seedCatalogue } from '../../../src/server/modules/wallet/seed';
import { createTestDatabase, type TestDatabase } from './test-database';

/** A fresh migrated database with the default catalogue (its assets are what accounts refer to). */
export async function createLedgerDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  await seedCatalogue(database.handle.db);
  return database;
}

/**
 * One ledger database for a test file: made before its tests (handing its handle to `ready`) and
 * destroyed after them.
 */
export function setUpLedgerDatabase(ready: (db: Database) => void): void {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createLedgerDatabase();
    ready(database.handle.db);
  });
  afterAll(() => database?.destroy());
}

let nextUserId = 300_000_001;

/** Users with nothing but a profile: the ledger needs only their ids. */
export async function createUsers(db: Database, howMany: number): Promise<number[]> {
  const ids = Array.from({ length: howMany }, () => nextUserId++);
  for (const id of ids) await upsertUser(db, { id, firstName: 'Ledger', username: `ledger${id}` });
  return ids;
}

export interface AccountState {
  readonly userId: number | null;
  readonly asset: string;
  readonly kind: string;
  readonly balance: bigint;
}

/**
 * What the ledger holds: every account with its balance, and the newest entry (journals cannot
 * commit without entries, so an unchanged newest entry means no journal was posted either).
 */
export async function ledgerState(db: Database): Promise<{
  readonly accounts: readonly AccountState[];
  readonly lastEntryId: number;
}> {
  const accounts = await db
    .select({
      userId: ledgerAccounts.userId,
      asset: ledgerAccounts.assetCode,
      kind: ledgerAccounts.kind,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .orderBy(asc(ledgerAccounts.id));
  return {
    accounts: accounts.map((account) => ({ ...account, balance: BigInt(account.balance) })),
    lastEntryId: await lastEntryId(db),
  };
}

/** The highest entry id so far: later checks can look only at what was posted after it. */
export async function lastEntryId(db: Database): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${ledgerEntries.id}), 0)::int` }).from(ledgerEntries);
  return row?.id ?? 0;
}

/**
 * What breaks the account invariants, one violation a line: a user or fees account below zero, or
 * an asset whose user and fees accounts do not add up to minus its external account.
 */
export function accountViolations(accounts: readonly AccountState[]): string[] {
  const totals = new Map<string, bigint>();
  for (const account of accounts) totals.set(account.asset, (totals.get(account.asset) ?? 0n) + account.balance);
  return [
    ...accounts
      .filter((account) => account.kind !== 'external' && account.balance < 0n)
      .map((account) => `${account.asset} ${account.kind} of ${account.userId ?? 'the system'} is negative`),
    ...[...totals]
      .filter(([, total]) => total !== 0n)
      .map(([asset, total]) => `${asset}: user and fees accounts differ from -external by ${total}`),
  ];
}

/** Journals with an entry after `sinceEntryId` whose entries do not sum to zero per asset. */
export async function journalViolations(db: Database, sinceEntryId = 0): Promise<string[]> {
  const recentJournals = db
    .selectDistinct({ id: ledgerEntries.journalId })
    .from(ledgerEntries)
    .where(gt(ledgerEntries.id, sinceEntryId));
  const unbalanced = await db
    .select({ journalId: ledgerEntries.journalId, asset: ledgerAccounts.assetCode, total: sum(ledgerEntries.amount) })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(inArray(ledgerEntries.journalId, recentJournals))
    .groupBy(ledgerEntries.journalId, ledgerAccounts.assetCode)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
  return unbalanced.map((row) => `journal ${row.journalId} does not balance in ${row.asset}: ${row.total}`);
}

/** Accounts whose balance is not the sum of their entries. */
export async function balanceDrift(db: Database): Promise<string[]> {
  const drifted = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, entries: sum(ledgerEntries.amount) })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .groupBy(ledgerAccounts.id, ledgerAccounts.balance)
    .having(sql`${ledgerAccounts.balance} <> coalesce(sum(${ledgerEntries.amount}), 0)`);
  return drifted.map((row) => `account ${row.id} holds ${row.balance} but its entries sum to ${row.entries}`);
}

/** A time with the database's microseconds (a Date keeps only milliseconds). */
const exactTime = (column: typeof ledgerJournals.createdAt | typeof ledgerUserOperations.firstAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/**
 * Where the history's summary (`ledger_user_operations`) differs from what the entries say: for
 * every user, operation and asset with entries on the user's accounts, their sum, and the
 * operation's earliest journal time. Worked out from the entries here, independently of the
 * postings that keep the summary.
 */
export async function summaryDrift(db: Database): Promise<string[]> {
  const [sums, starts, summary] = await Promise.all([
    db
      .select({
        userId: ledgerAccounts.userId,
        operationId: ledgerJournals.operationId,
        asset: ledgerAccounts.assetCode,
        net: sum(ledgerEntries.amount),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
      .where(isNotNull(ledgerAccounts.userId))
      .groupBy(ledgerAccounts.userId, ledgerJournals.operationId, ledgerAccounts.assetCode),
    db
      .select({
        operationId: ledgerJournals.operationId,
        firstAt: sql<string>`min(${exactTime(ledgerJournals.createdAt)})`,
      })
      .from(ledgerJournals)
      .groupBy(ledgerJournals.operationId),
    db
      .select({
        userId: ledgerUserOperations.userId,
        operationId: ledgerUserOperations.operationId,
        asset: ledgerUserOperations.assetCode,
        net: ledgerUserOperations.net,
        firstAt: exactTime(ledgerUserOperations.firstAt),
      })
      .from(ledgerUserOperations),
  ]);
  const startOf = new Map(starts.map((row) => [row.operationId, row.firstAt]));
  const key = (row: { userId: number | null; operationId: string; asset: string }) =>
    `user ${row.userId}, operation ${row.operationId}, ${row.asset}`;
  const expected = new Map(sums.map((row) => [key(row), `${row.net} since ${startOf.get(row.operationId)}`]));
  const actual = new Map(summary.map((row) => [key(row), `${row.net} since ${row.firstAt}`]));
  return [...new Set([...expected.keys(), ...actual.keys()])]
    .filter((name) => expected.get(name) !== actual.get(name))
    .map(
      (name) =>
        `${name}: the entries say ${expected.get(name) ?? 'nothing'}, the summary ${actual.get(name) ?? 'nothing'}`,
    );
}

/** Every invariant of the ledger over the whole database (empty when sound). */
export async function ledgerViolations(db: Database): Promise<string[]> {
  const { accounts } = await ledgerState(db);
  return [
    ...accountViolations(accounts),
    ...(await journalViolations(db)),
    ...(await balanceDrift(db)),
    ...(await summaryDrift(db)),
  ];
}

/** The user's available and held balance of an asset (zero when there is no account yet). */
export async function userBalance(db: Database, userId: number, asset: string) {
  return (await balancesOf(db, userId)).get(asset) ?? { available: 0n, held: 0n };
}

/** The balance of a system account (external or fees) of an asset. */
export async function systemBalance(db: Database, asset: string, kind: 'external' | 'fees'): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.assetCode, asset), eq(ledgerAccounts.kind, kind)));
  return BigInt(row?.balance ?? '0');
}

/** Credits the user as a deposit does, with no chain deposit behind it (the ledger alone); answers the operation id. */
export async function creditUser(
  db: Database,
  input: { readonly userId: number; readonly asset: string; readonly amount: bigint },
): Promise<string> {
  const operationId = randomUUID();
  await inTransaction(db, (tx) => credit(tx, { operationId, type: 'deposit', ...input }));
  return operationId;
}

/** Money of a user moving on a network: what seeded deposits and withdrawals have in common. */
export interface ChainMovement {
  readonly userId: number;
  readonly asset: string;
  readonly network: NetworkId;
  readonly amount: bigint;
}

/** A credited chain deposit as the chain integration records it: its row, credited under the same id. */
export async function seedDeposit(
  db: Database,
  input: ChainMovement & { readonly address?: string },
): Promise<{ readonly id: string; readonly address: string; readonly txid: string }> {
  const address = input.address ?? `deposit-${randomUUID()}`;
  const txid = randomBytes(32).toString('hex');
  const id = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(chainDeposits)
      .values({
        network: input.network,
        assetCode: input.asset,
        address,
        amount: input.amount.toString(),
        txid,
        userId: input.userId,
        status: 'credited',
      })
      .returning({ id: chainDeposits.id });
    if (row === undefined) throw new Error('The deposit insert returned no row');
    await credit(tx, {
      operationId: row.id,
      type: 'deposit',
      userId: input.userId,
      asset: input.asset,
      amount: input.amount,
    });
    return row.id;
  });
  return { id, address, txid };
}

/**
 * A withdrawal as the withdrawal flow leaves it in `status`: its row and the hold of amount + fee;
 * `completed` is also settled (the amount out, the fee to the fees account) and `canceled` released.
 */
export async function seedWithdrawal(
  db: Database,
  input: ChainMovement & {
    readonly address: string;
    readonly fee: bigint;
    readonly status: 'created' | 'sent' | 'completed' | 'canceled';
    readonly txid?: string;
  },
): Promise<string> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId: input.userId,
        idempotencyKey: randomUUID(),
        assetCode: input.asset,
        network: input.network,
        address: input.address,
        amount: input.amount.toString(),
        fee: input.fee.toString(),
        status: input.status,
        txid: input.txid ?? null,
      })
      .returning({ id: withdrawals.id });
    if (row === undefined) throw new Error('The withdrawal insert returned no row');
    const posting = { operationId: row.id, type: 'withdrawal', userId: input.userId, asset: input.asset } as const;
    await hold(tx, { ...posting, amount: input.amount + input.fee });
    if (input.status === 'completed') await settleToExternal(tx, { ...posting, amount: input.amount, fee: input.fee });
    if (input.status === 'canceled') await release(tx, { ...posting, amount: input.amount + input.fee });
    return row.id;
  });
}
