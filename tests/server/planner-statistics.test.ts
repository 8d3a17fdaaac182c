import { PGlite } from '@electric-sql/pglite';
import { and, eq, lt, sql } from 'drizzle-orm';
import { pgSchema, real, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { migrationsFolder } from '../../src/server/db/migrations';
import { analyzeStaleTables } from '../../src/server/db/planner-statistics';

// PGlite only: it is the database without autovacuum, and the one these statistics are kept for.
// Migrated with drizzle's own migrator: the app's PGlite handle would also run its periodic
// check, which could take the statistics between two steps of a test.
let client: PGlite;
let db: Database;
beforeAll(async () => {
  client = await PGlite.create();
  const pglite = drizzle({ client });
  await migrate(pglite, { migrationsFolder });
  db = pglite;
});
afterAll(() => client.close());

const relations = pgSchema('pg_catalog').table('pg_class', {
  relname: text('relname').notNull(),
  relnamespace: text('relnamespace'),
  relkind: text('relkind'),
  reltuples: real('reltuples'),
});

let nextUserId = 1;

async function addUsers(howMany: number): Promise<void> {
  const first = nextUserId;
  nextUserId += howMany;
  await db.execute(
    sql`INSERT INTO users (id, first_name, invite_hash)
        SELECT id, 'Planner', 'planner' || id FROM generate_series(${first}::bigint, ${nextUserId - 1}::bigint) AS id`,
  );
}

describe('planner statistics on PGlite', () => {
  it('are not taken for the tables a fresh database starts with empty', async () => {
    expect(await analyzeStaleTables(db)).toEqual([]);
    const neverAnalyzed = await db
      .select({ name: relations.relname })
      .from(relations)
      .where(
        and(
          sql`${relations.relnamespace} = 'public'::regnamespace`,
          eq(relations.relname, 'ledger_user_operations'),
          lt(relations.reltuples, 0),
        ),
      );

    // Statistics saying "empty" would outlive the emptiness; a table never analyzed is estimated from its size.
    expect(neverAnalyzed).toEqual([{ name: 'ledger_user_operations' }]);
  });

  it('are taken for a table once more than 50 rows and a tenth of it changed since the last time, and not before', async () => {
    await addUsers(50);
    expect(await analyzeStaleTables(db)).toEqual([]);

    await addUsers(1);
    expect(await analyzeStaleTables(db)).toEqual(['users']);
    expect(await analyzeStaleTables(db)).toEqual([]);

    // 51 rows now: the next ANALYZE waits for 50 + 5.1 changes.
    await addUsers(55);
    expect(await analyzeStaleTables(db)).toEqual([]);
    await addUsers(1);
    expect(await analyzeStaleTables(db)).toEqual(['users']);
  });
});
