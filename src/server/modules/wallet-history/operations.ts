import { and, desc, eq, max, min, type SQL, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../../db/schema/ledger';
import type { HistoryCursor } from './cursor';

/** One operation as one user's ledger saw it, in one asset. */
export interface UserOperation {
  readonly operationId: string;
  readonly asset: string;
  /** The journal type of the operation's first journal (a wallet transaction type). */
  readonly type: string;
  /** Net change of the user's available + held over the whole operation, fee included. */
  readonly net: bigint;
  readonly firstAt: Date;
  /** The same time with the database's microseconds, for the cursor. */
  readonly firstAtExact: string;
  /** When its latest journal was posted. */
  readonly lastAt: Date;
}

interface OperationFilter {
  readonly userId: number;
  readonly asset?: string | undefined;
  readonly operationId?: string | undefined;
  /** Only operations sorting after this cursor (older ones). */
  readonly after?: HistoryCursor | undefined;
  readonly limit: number;
}

/**
 * The user's operations, newest first (by their first journal, then id and asset for a total
 * order). Everything comes from the ledger: the entries on the user's accounts say which operations
 * touched them and by how much; all journals of those operations say when each began.
 */
export async function findUserOperations(db: Database, filter: OperationFilter): Promise<UserOperation[]> {
  const touched = db
    .select({
      operationId: ledgerJournals.operationId,
      asset: ledgerAccounts.assetCode,
      net: sum(ledgerEntries.amount).as('net'),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(
      and(
        eq(ledgerAccounts.userId, filter.userId),
        filter.asset === undefined ? undefined : eq(ledgerAccounts.assetCode, filter.asset),
        filter.operationId === undefined ? undefined : eq(ledgerJournals.operationId, filter.operationId),
      ),
    )
    .groupBy(ledgerJournals.operationId, ledgerAccounts.assetCode)
    .as('touched');

  const firstAt = min(ledgerJournals.createdAt);
  const sortKey = sql`(min(${ledgerJournals.createdAt}), ${touched.operationId}, ${touched.asset})`;
  const afterCursor: SQL | undefined =
    filter.after === undefined
      ? undefined
      : sql`${sortKey} < (${filter.after.firstAt}::timestamptz, ${filter.after.operationId}::uuid, ${filter.after.asset})`;

  const rows = await db
    .select({
      operationId: touched.operationId,
      asset: touched.asset,
      net: touched.net,
      type: sql<string>`(array_agg(${ledgerJournals.type} order by ${ledgerJournals.createdAt}, ${ledgerJournals.id}))[1]`,
      firstAt,
      firstAtExact: sql<string>`to_char(min(${ledgerJournals.createdAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      lastAt: max(ledgerJournals.createdAt),
    })
    .from(touched)
    .innerJoin(ledgerJournals, eq(ledgerJournals.operationId, touched.operationId))
    .groupBy(touched.operationId, touched.asset, touched.net)
    .having(afterCursor)
    .orderBy(desc(firstAt), desc(touched.operationId), desc(touched.asset))
    .limit(filter.limit);

  return rows.map((row) => {
    if (row.firstAt === null || row.lastAt === null) throw new Error(`Operation ${row.operationId} has no journals`);
    return {
      operationId: row.operationId,
      asset: row.asset,
      type: row.type,
      net: BigInt(row.net ?? '0'),
      firstAt: row.firstAt,
      firstAtExact: row.firstAtExact,
      lastAt: row.lastAt,
    };
  });
}
