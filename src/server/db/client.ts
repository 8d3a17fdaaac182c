import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './database';
import { migrationsFolder } from './migrations';
import { analyzeStaleTables, keepPlannerStatisticsCurrent } from './planner-statistics';

/**
 * How often a PGlite handle looks for tables whose statistics went stale. A look is one catalog
 * query; ANALYZE runs only for tables past autovacuum's threshold, so this bounds how stale they get.
 */
const statisticsCheckMs = 10_000;

/** Wraps an already created PGlite (a data dir, or memory loaded from a snapshot in tests). */
export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client });
  let statistics: { stop(): Promise<void> } | undefined;
  return {
    kind: 'pglite',
    db,
    // PGlite has no autovacuum: from its migrations on, the handle keeps the planner statistics
    // current itself (whoever runs it: the server, the bench, a test).
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      await analyzeStaleTables(db);
      statistics ??= keepPlannerStatisticsCurrent({
        db,
        everyMs: statisticsCheckMs,
        onError: (error) => {
          // A copy of the client wrapped elsewhere may have closed it; nothing is left to analyze.
          if (!client.closed) console.error(`Refreshing PGlite's planner statistics failed: ${String(error)}`);
        },
      });
    },
    close: async () => {
      await statistics?.stop();
      await client.close();
    },
  };
}

export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  return wrapPglite(await PGlite.create({ dataDir }));
}

export function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString });
  // An idle connection can die under us (a server restart, a terminated backend); the pool replaces
  // it, and without a listener Node would treat the error as fatal and stop the whole server.
  pool.on('error', (error) => {
    console.error(`PostgreSQL dropped an idle connection: ${error.message}`);
  });
  const db = drizzleNodePostgres({ client: pool });
  return {
    kind: 'postgres',
    db,
    postgresPool: pool,
    migrate: () => migrateNodePostgres(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/** PostgreSQL when a URL is given, otherwise PGlite with its data under `dataDir/pglite`. */
export function openDatabase(options: {
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
}): Promise<DatabaseHandle> {
  return options.databaseUrl === undefined
    ? openPglite(`${options.dataDir}/pglite`)
    : Promise.resolve(openPostgres(options.databaseUrl));
}
