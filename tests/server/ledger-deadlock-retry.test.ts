import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/users';
import { inTransaction } from '../../src/server/ledger/ledger';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// PGlite runs one transaction at a time and never deadlocks: the test needs PostgreSQL.
const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = adminUrl !== undefined && adminUrl !== '';

/** A promise and the function that settles it, so two transactions can wait for each other. */
function signal(): { readonly done: Promise<void>; readonly give: () => void } {
  let give = () => {};
  const done = new Promise<void>((resolve) => {
    give = resolve;
  });
  return { done, give };
}

describe.skipIf(!onPostgres)('a transaction PostgreSQL picks as a deadlock victim', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('runs again from the start, so both sides of the deadlock finish and each sees its own work', async () => {
    const db = server.database.db;
    const first = await signInTestUser(server.database);
    const second = await signInTestUser(server.database);
    const lockedFirst = signal();
    const lockedSecond = signal();
    const attempts = { a: 0, b: 0 };
    const lockRow = (tx: typeof db, id: number) => tx.select().from(users).where(eq(users.id, id)).for('update');

    // A locks the first user then the second; B the other way round; each waits for the other's
    // first lock on its first run only, which makes a deadlock certain and its rerun free of it.
    const a = inTransaction(db, async (tx) => {
      attempts.a += 1;
      await lockRow(tx, first.userId);
      if (attempts.a === 1) {
        lockedFirst.give();
        await lockedSecond.done;
      }
      await lockRow(tx, second.userId);
      await tx.update(users).set({ firstName: 'A' }).where(eq(users.id, first.userId));
      return 'a';
    });
    const b = inTransaction(db, async (tx) => {
      attempts.b += 1;
      await lockRow(tx, second.userId);
      if (attempts.b === 1) {
        lockedSecond.give();
        await lockedFirst.done;
      }
      await lockRow(tx, first.userId);
      await tx.update(users).set({ lastName: 'B' }).where(eq(users.id, second.userId));
      return 'b';
    });

    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(attempts.a + attempts.b).toBe(3);
    const rows = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [first.userId, second.userId]));
    expect(rows.find((row) => row.id === first.userId)?.firstName).toBe('A');
    expect(rows.find((row) => row.id === second.userId)?.lastName).toBe('B');
  });
});
