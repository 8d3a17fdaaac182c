import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { ledgerJournals, ledgerUserOperations } from '../../db/schema/ledger';
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

const summary = ledgerUserOperations;

/** The operation's journals, looked up by its id: only for the rows of one page. */
const journalsOfOperation = sql`FROM ${ledgerJournals} AS journal WHERE journal.operation_id = ${summary.operationId}`;

/**
 * The user's operations, newest first (by their first journal, then id and asset for a total
 * order). A page is read from the postings' summary (`ledger_user_operations`) along an index in
 * that order, so it costs the same for the 40 newest of 100 operations as of 100,000; only its own
 * rows look up their operation's journals for the type and the latest time.
 */
export async function findUserOperations(db: Database, filter: OperationFilter): Promise<UserOperation[]> {
  const afterCursor: SQL | undefined =
    filter.after === undefined
      ? undefined
      : sql`(${summary.firstAt}, ${summary.operationId}, ${summary.assetCode}) < (${filter.after.firstAt}::timestamptz, ${filter.after.operationId}::uuid, ${filter.after.asset})`;

  const rows = await db
    .select({
      operationId: summary.operationId,
      asset: summary.assetCode,
      net: summary.net,
      type: sql<
        string | null
      >`(SELECT journal.type ${journalsOfOperation} ORDER BY journal.created_at, journal.id LIMIT 1)`,
      firstAt: summary.firstAt,
      firstAtExact: sql<string>`to_char(${summary.firstAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      lastAt: sql`(SELECT max(journal.created_at) ${journalsOfOperation})`.mapWith(ledgerJournals.createdAt),
    })
    .from(summary)
    .where(
      and(
        eq(summary.userId, filter.userId),
        filter.asset === undefined ? undefined : eq(summary.assetCode, filter.asset),
        filter.operationId === undefined ? undefined : eq(summary.operationId, filter.operationId),
        afterCursor,
      ),
    )
    .orderBy(desc(summary.firstAt), desc(summary.operationId), desc(summary.assetCode))
    .limit(filter.limit);

  return rows.map((row) => {
    if (row.type === null || row.lastAt === null) throw new Error(`Operation ${row.operationId} has no journals`);
    return {
      operationId: row.operationId,
      asset: row.asset,
      type: row.type,
      net: BigInt(row.net),
      firstAt: row.firstAt,
      firstAtExact: row.firstAtExact,
      lastAt: row.lastAt,
    };
  });
}
