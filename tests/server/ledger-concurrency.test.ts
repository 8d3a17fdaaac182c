import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import {
  balancesOf,
  credit,
  hold,
  InsufficientFundsError,
  inTransaction,
  transfer,
} from '../../src/server/ledger/ledger';
import { createUsers, creditUser, ledgerViolations, setUpLedgerDatabase } from './helpers/ledger';

// On PostgreSQL (TEST_DATABASE_URL) these transactions really run side by side on the pool's
// connections; on PGlite they queue on its one connection, and must come out the same.
let db: Database;
setUpLedgerDatabase((created) => {
  db = created;
});

async function twoUsers(): Promise<readonly [number, number]> {
  const [first, second] = await createUsers(db, 2);
  if (first === undefined || second === undefined) throw new Error('Users not created');
  return [first, second];
}

describe('the ledger under concurrent postings', () => {
  it('lets exactly as many of 100 simultaneous holds succeed as the balance covers', async () => {
    const [userId] = await twoUsers();
    await creditUser(db, { userId, asset: 'USDT', amount: 1_000n });

    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        inTransaction(db, (tx) =>
          hold(tx, { operationId: randomUUID(), type: 'withdrawal', userId, asset: 'USDT', amount: 30n }),
        ),
      ),
    );

    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(outcomes.length - refusals.length).toBe(33);
    for (const refusal of refusals) expect(refusal).toBeInstanceOf(InsufficientFundsError);
    expect((await balancesOf(db, userId)).get('USDT')).toEqual({ available: 10n, held: 990n });
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('runs transfers in both directions between two users at once without deadlocks or lost updates', async () => {
    const [alice, bob] = await twoUsers();
    await inTransaction(db, async (tx) => {
      await credit(tx, { operationId: randomUUID(), type: 'deposit', userId: alice, asset: 'TON', amount: 1_000n });
      await credit(tx, { operationId: randomUUID(), type: 'deposit', userId: bob, asset: 'TON', amount: 1_000n });
    });

    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, index) => {
        const [fromUserId, toUserId] = index % 2 === 0 ? [alice, bob] : [bob, alice];
        return inTransaction(db, (tx) =>
          transfer(tx, {
            operationId: randomUUID(),
            type: 'transfer',
            fromUserId,
            from: 'available',
            toUserId,
            asset: 'TON',
            amount: BigInt(index + 1),
          }),
        );
      }),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    // Alice sent 1 + 3 + … + 59 = 900 and received 2 + 4 + … + 60 = 930; each could cover all its sends.
    expect((await balancesOf(db, alice)).get('TON')).toEqual({ available: 1_030n, held: 0n });
    expect((await balancesOf(db, bob)).get('TON')).toEqual({ available: 970n, held: 0n });
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('opens the accounts of many new users at once, each deposit landing exactly once', async () => {
    const userIds = await createUsers(db, 40);

    await Promise.all(userIds.map((userId) => creditUser(db, { userId, asset: 'JET', amount: 7n })));

    for (const userId of userIds) {
      expect(await balancesOf(db, userId)).toEqual(new Map([['JET', { available: 7n, held: 0n }]]));
    }
    expect(await ledgerViolations(db)).toEqual([]);
  });
});
