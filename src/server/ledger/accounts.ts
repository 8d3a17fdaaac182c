import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { ledgerAccounts } from '../db/schema/ledger';

export type UserAccountKind = 'available' | 'held';
export type SystemAccountKind = 'external' | 'fees';

/** Which account of an asset: one of a user's two, or one of the system's two. */
export type AccountRef =
  | { readonly userId: number; readonly kind: UserAccountKind }
  | { readonly userId: null; readonly kind: SystemAccountKind };

export interface AccountRow {
  readonly id: string;
  readonly userId: number | null;
  readonly kind: string;
  readonly balance: bigint;
}

/** Identifies an account within one asset. */
export function accountKey(account: { readonly userId: number | null; readonly kind: string }): string {
  return `${account.userId ?? 'system'}:${account.kind}`;
}

function matching(asset: string, accounts: readonly AccountRef[]): SQL | undefined {
  return and(
    eq(ledgerAccounts.assetCode, asset),
    or(
      ...accounts.map((account) =>
        and(
          account.userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, account.userId),
          eq(ledgerAccounts.kind, account.kind),
        ),
      ),
    ),
  );
}

const accountColumns = {
  id: ledgerAccounts.id,
  userId: ledgerAccounts.userId,
  kind: ledgerAccounts.kind,
  balance: ledgerAccounts.balance,
};

function byKey(rows: readonly { id: string; userId: number | null; kind: string; balance: string }[]) {
  return new Map<string, AccountRow>(
    rows.map((row) => [
      accountKey(row),
      { id: row.id, userId: row.userId, kind: row.kind, balance: BigInt(row.balance) },
    ]),
  );
}

/** The accounts that exist, read without locking: only good for failing early. */
export async function findAccounts(
  tx: Database,
  asset: string,
  accounts: readonly AccountRef[],
): Promise<Map<string, AccountRow>> {
  return byKey(await tx.select(accountColumns).from(ledgerAccounts).where(matching(asset, accounts)));
}

/** Opens the accounts at zero; ones that exist (or that a concurrent transaction opens) stay as they are. */
export async function openAccounts(tx: Database, asset: string, accounts: readonly AccountRef[]): Promise<void> {
  if (accounts.length === 0) return;
  await tx
    .insert(ledgerAccounts)
    .values(accounts.map((account) => ({ userId: account.userId, assetCode: asset, kind: account.kind })))
    .onConflictDoNothing();
}

/**
 * Locks the accounts until the transaction ends and reads their balances. Always in id order: two
 * postings over overlapping accounts take the locks in the same order, so they queue instead of
 * deadlocking.
 */
export async function lockAccounts(
  tx: Database,
  asset: string,
  accounts: readonly AccountRef[],
): Promise<Map<string, AccountRow>> {
  return byKey(
    await tx
      .select(accountColumns)
      .from(ledgerAccounts)
      .where(matching(asset, accounts))
      .orderBy(asc(ledgerAccounts.id))
      .for('update'),
  );
}
