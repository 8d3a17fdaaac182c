import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { ledgerUserOperations } from '../../src/server/db/schema/ledger';
import {
  credit,
  hold,
  inTransaction,
  refundSettled,
  release,
  settleToExternal,
  transfer,
} from '../../src/server/ledger/ledger';
import { createLedgerDatabase, createUsers, summaryDrift } from './helpers/ledger';
import type { TestDatabase } from './helpers/test-database';

// On PostgreSQL (TEST_DATABASE_URL) concurrent transactions really overlap; on PGlite they queue.
let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createLedgerDatabase();
  db = database.handle.db;
});
afterAll(() => database.destroy());

async function twoUsers(): Promise<readonly [number, number]> {
  const [first, second] = await createUsers(db, 2);
  if (first === undefined || second === undefined) throw new Error('Users not created');
  return [first, second];
}

/** The summary rows of one operation: who, which asset, what it did to them. */
async function summaryOf(operationId: string) {
  return db
    .select({
      userId: ledgerUserOperations.userId,
      asset: ledgerUserOperations.assetCode,
      net: ledgerUserOperations.net,
    })
    .from(ledgerUserOperations)
    .where(eq(ledgerUserOperations.operationId, operationId))
    .orderBy(asc(ledgerUserOperations.userId), asc(ledgerUserOperations.assetCode));
}

/** When each user's row of the operation says it began, with the database's microseconds. */
async function startsOf(operationId: string): Promise<string[]> {
  const rows = await db
    .select({ firstAt: sql<string>`to_char(${ledgerUserOperations.firstAt}, 'YYYY-MM-DD HH24:MI:SS.US TZ')` })
    .from(ledgerUserOperations)
    .where(eq(ledgerUserOperations.operationId, operationId))
    .orderBy(asc(ledgerUserOperations.userId));
  return rows.map((row) => row.firstAt);
}

function deposit(userId: number, asset: string, amount: bigint): Promise<string> {
  const operationId = randomUUID();
  return inTransaction(db, (tx) => credit(tx, { operationId, type: 'deposit', userId, asset, amount })).then(
    () => operationId,
  );
}

describe("the history's summary of each operation", () => {
  it('holds what a deposit, each end of a withdrawal and a transfer did to each user', async () => {
    const [alice, bob] = await twoUsers();
    const depositId = await deposit(alice, 'USDT', 100_000n);
    const withdrawal = (operationId: string) =>
      ({ operationId, type: 'withdrawal', userId: alice, asset: 'USDT' }) as const;
    const created = randomUUID();
    const completed = randomUUID();
    const failed = randomUUID();
    const canceled = randomUUID();
    const reverted = randomUUID();
    const gift = randomUUID();

    await inTransaction(db, (tx) => hold(tx, { ...withdrawal(created), amount: 6_500n }));
    await inTransaction(db, (tx) => hold(tx, { ...withdrawal(completed), amount: 11_000n }));
    await inTransaction(db, (tx) => settleToExternal(tx, { ...withdrawal(completed), amount: 10_000n, fee: 1_000n }));
    await inTransaction(db, (tx) => hold(tx, { ...withdrawal(failed), amount: 2_000n }));
    await inTransaction(db, (tx) => release(tx, { ...withdrawal(failed), amount: 2_000n }));
    await inTransaction(db, (tx) => hold(tx, { ...withdrawal(canceled), amount: 3_000n }));
    await inTransaction(db, (tx) => release(tx, { ...withdrawal(canceled), amount: 3_000n }));
    await inTransaction(db, (tx) => hold(tx, { ...withdrawal(reverted), amount: 4_400n }));
    await inTransaction(db, (tx) => settleToExternal(tx, { ...withdrawal(reverted), amount: 4_000n, fee: 400n }));
    await inTransaction(db, (tx) => refundSettled(tx, { ...withdrawal(reverted), amount: 4_000n, fee: 400n }));
    await inTransaction(db, (tx) =>
      transfer(tx, {
        operationId: gift,
        type: 'transfer',
        fromUserId: alice,
        from: 'available',
        toUserId: bob,
        asset: 'USDT',
        amount: 300n,
      }),
    );

    expect(await summaryOf(depositId)).toEqual([{ userId: alice, asset: 'USDT', net: '100000' }]);
    // Held money is still the user's: a withdrawal in progress has changed nothing yet.
    expect(await summaryOf(created)).toEqual([{ userId: alice, asset: 'USDT', net: '0' }]);
    expect(await summaryOf(completed)).toEqual([{ userId: alice, asset: 'USDT', net: '-11000' }]);
    expect(await summaryOf(failed)).toEqual([{ userId: alice, asset: 'USDT', net: '0' }]);
    expect(await summaryOf(canceled)).toEqual([{ userId: alice, asset: 'USDT', net: '0' }]);
    expect(await summaryOf(reverted)).toEqual([{ userId: alice, asset: 'USDT', net: '0' }]);
    expect(await summaryOf(gift)).toEqual([
      { userId: alice, asset: 'USDT', net: '-300' },
      { userId: bob, asset: 'USDT', net: '300' },
    ]);
    expect(await summaryDrift(db)).toEqual([]);
  });

  it('keeps one row per asset of an operation that moves two assets', async () => {
    const [alice] = await twoUsers();
    const operationId = randomUUID();

    await inTransaction(db, async (tx) => {
      await credit(tx, { operationId, type: 'compensation', userId: alice, asset: 'TON', amount: 7n });
      await credit(tx, { operationId, type: 'compensation', userId: alice, asset: 'BTC', amount: 9n });
      await credit(tx, { operationId, type: 'compensation', userId: alice, asset: 'TON', amount: 5n });
    });

    expect(await summaryOf(operationId)).toEqual([
      { userId: alice, asset: 'BTC', net: '9' },
      { userId: alice, asset: 'TON', net: '12' },
    ]);
    expect(await summaryDrift(db)).toEqual([]);
  });

  it("dates a user an operation reaches in a later journal by the operation's first journal", async () => {
    const [seller, buyer] = await twoUsers();
    await deposit(seller, 'TON', 1_000n);
    const escrow = randomUUID();
    await inTransaction(db, (tx) =>
      hold(tx, { operationId: escrow, type: 'transfer', userId: seller, asset: 'TON', amount: 700n }),
    );

    await inTransaction(db, (tx) =>
      transfer(tx, {
        operationId: escrow,
        type: 'transfer',
        fromUserId: seller,
        from: 'held',
        toUserId: buyer,
        asset: 'TON',
        amount: 700n,
      }),
    );

    expect(await summaryOf(escrow)).toEqual([
      { userId: seller, asset: 'TON', net: '-700' },
      { userId: buyer, asset: 'TON', net: '700' },
    ]);
    const [sellerStart, buyerStart] = await startsOf(escrow);
    expect(buyerStart).toBe(sellerStart);
    expect(await summaryDrift(db)).toEqual([]);
  });

  it('adds up postings of one operation made at the same time', async () => {
    const [alice] = await twoUsers();
    const operationId = randomUUID();

    await Promise.all(
      Array.from({ length: 20 }, () =>
        inTransaction(db, (tx) =>
          credit(tx, { operationId, type: 'campaign_reward', userId: alice, asset: 'USDT', amount: 5n }),
        ),
      ),
    );

    expect(await summaryOf(operationId)).toEqual([{ userId: alice, asset: 'USDT', net: '100' }]);
    expect(await summaryDrift(db)).toEqual([]);
  });

  it('stays exact while many users deposit, hold and transfer at once', async () => {
    const users = await createUsers(db, 6);
    await Promise.all(users.map((userId) => deposit(userId, 'ETH', 1_000n)));

    await Promise.allSettled(
      users.flatMap((userId, index) => {
        const next = users[(index + 1) % users.length] ?? userId;
        return [
          inTransaction(db, (tx) =>
            hold(tx, { operationId: randomUUID(), type: 'withdrawal', userId, asset: 'ETH', amount: 100n }),
          ),
          inTransaction(db, (tx) =>
            transfer(tx, {
              operationId: randomUUID(),
              type: 'transfer',
              fromUserId: userId,
              from: 'available',
              toUserId: next,
              asset: 'ETH',
              amount: 50n,
            }),
          ),
          deposit(userId, 'ETH', 10n),
        ];
      }),
    );

    expect(await summaryDrift(db)).toEqual([]);
  });

  // Only PostgreSQL runs two transactions side by side: PGlite cannot make a journal stamped
  // before one that is already committed.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'moves the start of every user of an operation when a journal stamped earlier is posted later',
    async () => {
      const [first, second] = await twoUsers();
      const operationId = randomUUID();
      let markLaterCommitted = (): void => undefined;
      const laterCommitted = new Promise<void>((resolve) => {
        markLaterCommitted = resolve;
      });

      // Its transaction, and so its journal's time, begins before the other's; it posts after.
      const earlier = inTransaction(db, async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await laterCommitted;
        await credit(tx, { operationId, type: 'compensation', userId: second, asset: 'TON', amount: 2n });
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await inTransaction(db, (tx) =>
        credit(tx, { operationId, type: 'compensation', userId: first, asset: 'TON', amount: 1n }),
      );
      const [startBefore] = await startsOf(operationId);
      markLaterCommitted();
      await earlier;

      const [firstStart, secondStart] = await startsOf(operationId);
      expect(firstStart).toBe(secondStart);
      expect(firstStart).not.toBe(startBefore);
      expect(await summaryDrift(db)).toEqual([]);
    },
  );
});
