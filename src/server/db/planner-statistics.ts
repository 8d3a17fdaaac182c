import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { bigint, pgSchema, real, text } from 'drizzle-orm/pg-core';
import type { Database } from './database';

/**
 * PGlite has no autovacuum: nothing refreshes the planner's statistics there unless the server
 * does, and statistics taken once describe the table as it was then, however much it grew since.
 * PostgreSQL's autovacuum does this on its own, so this is for PGlite only (docs/performance.md,
 * "History that does not grow").
 *
 * Never ANALYZE a table while it is empty and then leave it: statistics that say "empty" are worse
 * than none. The planner then expects a user's history to be a handful of rows and sorts all of
 * them instead of reading 41 along the index (measured: ×5.8 from 100 to 10,000 operations on
 * PGlite), whereas a table never analyzed is estimated from its actual size. Hence the same rule as
 * autovacuum's, at start and every minute, and no blanket ANALYZE.
 */

/** The rule autovacuum applies: 50 rows plus a tenth of the table changed since its last ANALYZE. */
const changedRowsThreshold = 50;
const changedShareThreshold = 0.1;

// The catalog views this reads, described here (outside the schema folder, so drizzle-kit leaves them alone).
const catalog = pgSchema('pg_catalog');
const tableActivity = catalog.table('pg_stat_user_tables', {
  relid: bigint('relid', { mode: 'number' }),
  schemaname: text('schemaname'),
  relname: text('relname').notNull(),
  changedSinceAnalyze: bigint('n_mod_since_analyze', { mode: 'number' }),
});
const relations = catalog.table('pg_class', {
  oid: bigint('oid', { mode: 'number' }),
  reltuples: real('reltuples'),
});

/**
 * Analyzes every table of the app's schema that changed enough since it was last analyzed (a table
 * never analyzed counts as empty); answers their names.
 */
export async function analyzeStaleTables(db: Database): Promise<string[]> {
  // Change counts reach the statistics views at most once a second unless told to now; the
  // statement after this one sees them.
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const stale = await db
    .select({ name: tableActivity.relname })
    .from(tableActivity)
    .innerJoin(relations, eq(relations.oid, tableActivity.relid))
    .where(
      and(
        eq(tableActivity.schemaname, 'public'),
        // reltuples is -1 until the table's first ANALYZE.
        gt(
          tableActivity.changedSinceAnalyze,
          sql`${changedRowsThreshold} + ${changedShareThreshold} * greatest(${relations.reltuples}, 0)`,
        ),
      ),
    )
    .orderBy(asc(tableActivity.relname));
  const names = stale.map((row) => row.name);
  for (const name of names) await db.execute(sql`ANALYZE ${sql.identifier(name)}`);
  return names;
}

/** Checks for stale statistics every `everyMs` until stopped; a failed pass is reported and the next one runs. */
export function keepPlannerStatisticsCurrent(options: {
  readonly db: Database;
  readonly everyMs: number;
  readonly onError: (error: unknown) => void;
}): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = analyzeStaleTables(options.db).catch(options.onError);
  }, options.everyMs);
  // The check alone must not keep the process alive.
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
