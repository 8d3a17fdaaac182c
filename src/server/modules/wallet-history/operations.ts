import { and, desc, eq, max, type SQL, sql } from 'drizzle-orm';
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

/** The type of the operation's first journal (by time, then id), looked up for the rows of one page only. */
const firstJournalType = sql<string | null>`(
  SELECT journal.type FROM ${ledgerJournals} AS journal
  WHERE journal.operation_id = ${summary}.operation_id
  ORDER BY journal.created_at, journal.id
  LIMIT 1
)`;

/**
 * A market reservation (an active sell offer's hold, then its release: P2P.md "Money: reservation")
 * is no transaction the person made and changes no total: the history leaves out a P2P operation
 * whose net is zero (the hold is still shown on the balance, "On hold"). A trade that moves money
 * under the market's type has a net and still shows.
 */
const notMarketReservation = sql`(${summary.net} <> 0 OR ${firstJournalType} IS DISTINCT FROM 'p2p')`;

/**
 * The user's operations, newest first (by their first journal, then id and asset for a total
 * order). A page is read from the postings' summary (`ledger_user_operations`) along an index in
 * that order, so it costs the same for the 40 newest of 100 operations as of 100,000; only its own
 * rows look up their operation's first journal for the type.
 */
export async function findUserOperations(db: Database, filter: OperationFilter): Promise<UserOperation[]> {
  if (filter.operationId !== undefined) return selectUserOperations(db, filter);
  // A page must be read along the index, never by fetching all the user's rows and sorting them.
  // The planner prefers the second when its statistics say the user has a few dozen rows: after a
  // burst (before autovacuum analyzes) or for a heavy user outside the statistics' sample, which
  // made a 10,000-operation page ×4 slower than a 100-operation one (docs/performance.md). With
  // sorting disabled for this one statement the ordered index scan is the only plan left; JIT goes
  // too, because a disabled path's huge cost would otherwise cross its threshold (50 ms to compile).
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('enable_sort', 'off', true), set_config('jit', 'off', true)`);
    return selectUserOperations(tx, filter);
  });
}

async function selectUserOperations(db: Database, filter: OperationFilter): Promise<UserOperation[]> {
  const afterCursor: SQL | undefined =
    filter.after === undefined
      ? undefined
      : sql`(${summary.firstAt}, ${summary.operationId}, ${summary.assetCode}) < (${filter.after.firstAt}::timestamptz, ${filter.after.operationId}::uuid, ${filter.after.asset})`;

  const rows = await db
    .select({
      operationId: summary.operationId,
      asset: summary.assetCode,
      net: summary.net,
      type: firstJournalType,
      firstAt: summary.firstAt,
      firstAtExact: sql<string>`to_char(${summary.firstAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(summary)
    .where(
      and(
        eq(summary.userId, filter.userId),
        filter.asset === undefined ? undefined : eq(summary.assetCode, filter.asset),
        filter.operationId === undefined ? undefined : eq(summary.operationId, filter.operationId),
        afterCursor,
        notMarketReservation,
      ),
    )
    .orderBy(desc(summary.firstAt), desc(summary.operationId), desc(summary.assetCode))
    .limit(filter.limit);

  return rows.map((row) => {
    if (row.type === null) throw new Error(`Operation ${row.operationId} has no journals`);
    return {
      operationId: row.operationId,
      asset: row.asset,
      type: row.type,
      net: BigInt(row.net),
      firstAt: row.firstAt,
      firstAtExact: row.firstAtExact,
    };
  });
}

/** When the operation's latest journal was posted. */
export async function lastJournalAt(db: Database, operationId: string): Promise<Date> {
  const [row] = await db
    .select({ at: max(ledgerJournals.createdAt) })
    .from(ledgerJournals)
    .where(eq(ledgerJournals.operationId, operationId));
  if (row?.at == null) throw new Error(`Operation ${operationId} has no journals`);
  return row.at;
}
