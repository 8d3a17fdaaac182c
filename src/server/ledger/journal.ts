import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { WalletTransactionType } from '../../contract/wallet-operations';
import type { Database } from '../db/database';
import { ledgerAccounts, ledgerEntries, ledgerJournals, ledgerUserOperations } from '../db/schema/ledger';
import { type AccountRef, type AccountRow, accountKey, findAccounts, lockAccounts, openAccounts } from './accounts';
import { InsufficientFundsError } from './errors';

/** What a journal did within its operation (`ledger_journals.step`). */
export type JournalStep = 'credit' | 'hold' | 'release' | 'settle' | 'refund' | 'transfer';

/** One signed movement: positive credits the account, negative debits it. */
export interface Leg {
  readonly account: AccountRef;
  readonly amount: bigint;
}

export interface JournalDraft {
  readonly operationId: string;
  readonly type: WalletTransactionType;
  readonly step: JournalStep;
  readonly asset: string;
  readonly legs: readonly Leg[];
}

/** Legs on the same account add up; an account left with no net movement has no entry. */
function netLegs(legs: readonly Leg[]): Leg[] {
  const byAccount = new Map<string, Leg>();
  for (const leg of legs) {
    const key = accountKey(leg.account);
    byAccount.set(key, { account: leg.account, amount: (byAccount.get(key)?.amount ?? 0n) + leg.amount });
  }
  return [...byAccount.values()].filter((leg) => leg.amount !== 0n);
}

/** Only the outside world may go below zero; every other debit must be covered by the balance. */
function assertCovered(debits: readonly Leg[], accounts: ReadonlyMap<string, AccountRow>): void {
  for (const debit of debits) {
    const balance = accounts.get(accountKey(debit.account))?.balance ?? 0n;
    if (balance < -debit.amount) throw new InsufficientFundsError(balance, -debit.amount);
  }
}

/**
 * What the journal does to each user it touches: the sum of their legs (a move between a user's own
 * two accounts is a zero, and still an operation of theirs).
 */
function userEffects(legs: readonly Leg[]): { readonly userId: number; readonly net: bigint }[] {
  const byUser = new Map<number, bigint>();
  for (const { account, amount } of legs) {
    if (account.userId !== null) byUser.set(account.userId, (byUser.get(account.userId) ?? 0n) + amount);
  }
  return [...byUser].map(([userId, net]) => ({ userId, net }));
}

function accountIdOf(accounts: ReadonlyMap<string, AccountRow>, account: AccountRef): string {
  const row = accounts.get(accountKey(account));
  if (row === undefined) throw new Error(`Ledger account ${accountKey(account)} was not opened`);
  return row.id;
}

/** Outside a transaction each statement commits alone: the locks would be gone before the write. */
function isTransaction(db: Database): boolean {
  return db instanceof PgTransaction;
}

/**
 * Posts one balanced journal: opens the accounts it needs, locks them in id order, checks every
 * debit against the locked balance, then writes the journal, its entries, the new balances and
 * what the operation now does to each user it touches (`ledger_user_operations`).
 * Throws InsufficientFundsError having written nothing (at most an account opened at zero when a
 * concurrent posting emptied the balance between the early check and the lock).
 */
export async function postJournal(tx: Database, draft: JournalDraft): Promise<void> {
  if (!isTransaction(tx)) throw new Error('Ledger postings must run inside inTransaction');
  const legs = netLegs(draft.legs);
  if (legs.length < 2) throw new Error('A journal moves value between at least two accounts');
  if (legs.reduce((sum, leg) => sum + leg.amount, 0n) !== 0n) throw new Error('A journal must sum to zero');
  const accounts = legs.map((leg) => leg.account);
  const debits = legs.filter((leg) => leg.amount < 0n && leg.account.kind !== 'external');

  // Fail early, before opening any account, when the balance clearly does not cover the debit.
  const existing = await findAccounts(tx, draft.asset, accounts);
  assertCovered(debits, existing);
  await openAccounts(
    tx,
    draft.asset,
    accounts.filter((account) => !existing.has(accountKey(account))),
  );
  const locked = await lockAccounts(tx, draft.asset, accounts);
  assertCovered(debits, locked);

  const movements = sql.join(
    legs.map((leg) => sql`(${accountIdOf(locked, leg.account)}::uuid, ${leg.amount.toString()}::numeric)`),
    sql`, `,
  );
  const touchedUsers = userEffects(legs);
  // A journal between system accounts alone is no user's operation.
  const touchedRows =
    touchedUsers.length === 0
      ? sql`SELECT NULL::bigint, NULL::numeric WHERE false`
      : sql`VALUES ${sql.join(
          touchedUsers.map((effect) => sql`(${effect.userId}::bigint, ${effect.net.toString()}::numeric)`),
          sql`, `,
        )}`;
  const operationId = sql`${draft.operationId}::uuid`;
  // One statement for the journal, its entries, the balances and the history's summary: one round
  // trip under the locks, and the summary can never be written without the entries it sums.
  await tx.execute(sql`
    WITH journal AS (
      INSERT INTO ${ledgerJournals} (operation_id, type, step)
      VALUES (${operationId}, ${draft.type}, ${draft.step})
      RETURNING id, created_at
    ), entries AS (
      INSERT INTO ${ledgerEntries} (journal_id, account_id, amount)
      SELECT journal.id, movement.account_id, movement.amount
      FROM journal, (VALUES ${movements}) AS movement (account_id, amount)
    ), balances AS (
      UPDATE ${ledgerAccounts} AS account
      SET balance = account.balance + movement.amount, updated_at = now()
      FROM (VALUES ${movements}) AS movement (account_id, amount)
      WHERE account.id = movement.account_id
    ), operation AS (
      -- The statement does not see its own journal: the earlier ones say when the operation began.
      SELECT least(
        journal.created_at,
        (SELECT min(earlier.created_at) FROM ${ledgerJournals} AS earlier WHERE earlier.operation_id = ${operationId})
      ) AS first_at
      FROM journal
    ), effects AS (
      SELECT effect.user_id, effect.asset_code, sum(effect.net) AS net
      FROM (
        SELECT touched.user_id, ${draft.asset}::text AS asset_code, touched.net
        FROM (${touchedRows}) AS touched (user_id, net)
        UNION ALL
        -- A journal stamped before the operation's first one (its transaction began earlier) moves
        -- the operation's start for the users and assets it does not touch as well.
        SELECT summary.user_id, summary.asset_code, 0::numeric
        FROM ${ledgerUserOperations} AS summary, operation
        WHERE summary.operation_id = ${operationId} AND summary.first_at > operation.first_at
      ) AS effect
      GROUP BY effect.user_id, effect.asset_code
    )
    INSERT INTO ${ledgerUserOperations} AS summary (user_id, operation_id, asset_code, net, first_at)
    SELECT effects.user_id, ${operationId}, effects.asset_code, effects.net, operation.first_at
    FROM effects, operation
    ON CONFLICT (operation_id, user_id, asset_code) DO UPDATE
    SET net = summary.net + excluded.net, first_at = least(summary.first_at, excluded.first_at)
  `);
}
