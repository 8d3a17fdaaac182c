import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../../src/server/db/schema/ledger';
import {
  balancesOf,
  credit,
  hold,
  InsufficientFundsError,
  inTransaction,
  refundSettled,
  release,
  settleToExternal,
  transfer,
} from '../../src/server/ledger/ledger';
import {
  createUsers,
  creditUser,
  ledgerState,
  ledgerViolations,
  setUpLedgerDatabase,
  systemBalance,
} from './helpers/ledger';

let db: Database;
setUpLedgerDatabase((created) => {
  db = created;
});

async function oneUser(): Promise<number> {
  const [userId] = await createUsers(db, 1);
  if (userId === undefined) throw new Error('No user created');
  return userId;
}

function deposit(userId: number, asset: string, amount: bigint): Promise<string> {
  return creditUser(db, { userId, asset, amount });
}

/** The database's own words: drizzle wraps them as the cause of its "Failed query" error. */
async function failureOf(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    if (!(error instanceof Error)) return String(error);
    return error.cause instanceof Error ? `${error.message} ${error.cause.message}` : error.message;
  }
  throw new Error('The statement succeeded');
}

describe('the ledger', () => {
  it('credits a deposit to the available balance, taking it from the outside world', async () => {
    const userId = await oneUser();
    const externalBefore = await systemBalance(db, 'USDT', 'external');

    await deposit(userId, 'USDT', 1_500n);

    expect(await balancesOf(db, userId)).toEqual(new Map([['USDT', { available: 1_500n, held: 0n }]]));
    expect(await systemBalance(db, 'USDT', 'external')).toBe(externalBefore - 1_500n);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('holds part of the available balance and releases it back', async () => {
    const userId = await oneUser();
    await deposit(userId, 'TON', 1_000n);
    const operationId = randomUUID();

    await inTransaction(db, (tx) => hold(tx, { operationId, type: 'withdrawal', userId, asset: 'TON', amount: 400n }));
    expect((await balancesOf(db, userId)).get('TON')).toEqual({ available: 600n, held: 400n });

    await inTransaction(db, (tx) =>
      release(tx, { operationId, type: 'withdrawal', userId, asset: 'TON', amount: 400n }),
    );
    expect((await balancesOf(db, userId)).get('TON')).toEqual({ available: 1_000n, held: 0n });
    const steps = await db
      .select({ step: ledgerJournals.step })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.operationId, operationId));
    expect(steps.map((row) => row.step).sort()).toEqual(['hold', 'release']);
  });

  it('refuses a hold the available balance does not cover and changes nothing', async () => {
    const userId = await oneUser();
    await deposit(userId, 'BTC', 100n);
    const before = await ledgerState(db);

    const attempt = inTransaction(db, (tx) =>
      hold(tx, { operationId: randomUUID(), type: 'withdrawal', userId, asset: 'BTC', amount: 101n }),
    );

    await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(attempt).rejects.toMatchObject({ available: 100n, required: 101n });
    expect(await ledgerState(db)).toEqual(before);
  });

  it('refuses to hold an asset the user never had without opening accounts for it', async () => {
    const userId = await oneUser();
    const before = await ledgerState(db);

    await expect(
      inTransaction(db, (tx) =>
        hold(tx, { operationId: randomUUID(), type: 'withdrawal', userId, asset: 'ETH', amount: 1n }),
      ),
    ).rejects.toMatchObject({ available: 0n });

    expect(await ledgerState(db)).toEqual(before);
    expect((await balancesOf(db, userId)).has('ETH')).toBe(false);
  });

  it('settles a withdrawal: the amount leaves the wallet and the fee goes to the fees account', async () => {
    const userId = await oneUser();
    await deposit(userId, 'LTC', 10_000n);
    const [externalBefore, feesBefore] = [
      await systemBalance(db, 'LTC', 'external'),
      await systemBalance(db, 'LTC', 'fees'),
    ];
    const operationId = randomUUID();

    await inTransaction(db, async (tx) => {
      await hold(tx, { operationId, type: 'withdrawal', userId, asset: 'LTC', amount: 7_100n });
      await settleToExternal(tx, { operationId, type: 'withdrawal', userId, asset: 'LTC', amount: 7_000n, fee: 100n });
    });

    expect((await balancesOf(db, userId)).get('LTC')).toEqual({ available: 2_900n, held: 0n });
    expect(await systemBalance(db, 'LTC', 'external')).toBe(externalBefore + 7_000n);
    expect(await systemBalance(db, 'LTC', 'fees')).toBe(feesBefore + 100n);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('refunds a reverted withdrawal with its fee to the available balance', async () => {
    const userId = await oneUser();
    await deposit(userId, 'LTC', 5_000n);
    const operationId = randomUUID();
    const posting = { operationId, type: 'withdrawal', userId, asset: 'LTC' } as const;
    await inTransaction(db, async (tx) => {
      await hold(tx, { ...posting, amount: 5_000n });
      await settleToExternal(tx, { ...posting, amount: 4_900n, fee: 100n });
    });
    const feesBefore = await systemBalance(db, 'LTC', 'fees');

    await inTransaction(db, (tx) => refundSettled(tx, { ...posting, amount: 4_900n, fee: 100n }));

    expect((await balancesOf(db, userId)).get('LTC')).toEqual({ available: 5_000n, held: 0n });
    expect(await systemBalance(db, 'LTC', 'fees')).toBe(feesBefore - 100n);
  });

  it('settles a withdrawal without a fee when the fee is zero', async () => {
    const userId = await oneUser();
    await deposit(userId, 'TRX', 50n);
    const posting = { operationId: randomUUID(), type: 'withdrawal', userId, asset: 'TRX' } as const;

    await inTransaction(db, async (tx) => {
      await hold(tx, { ...posting, amount: 50n });
      await settleToExternal(tx, { ...posting, amount: 50n, fee: 0n });
    });

    expect((await balancesOf(db, userId)).get('TRX')).toEqual({ available: 0n, held: 0n });
  });

  it('transfers from one user available or held balance to another user', async () => {
    const [alice, bob] = await createUsers(db, 2);
    if (alice === undefined || bob === undefined) throw new Error('No users created');
    await deposit(alice, 'USDC', 900n);
    const operationId = randomUUID();

    await inTransaction(db, async (tx) => {
      await transfer(tx, {
        operationId,
        type: 'transfer',
        fromUserId: alice,
        from: 'available',
        toUserId: bob,
        asset: 'USDC',
        amount: 300n,
      });
      await hold(tx, { operationId, type: 'transfer', userId: alice, asset: 'USDC', amount: 200n });
      await transfer(tx, {
        operationId,
        type: 'transfer',
        fromUserId: alice,
        from: 'held',
        toUserId: bob,
        asset: 'USDC',
        amount: 200n,
      });
    });

    expect((await balancesOf(db, alice)).get('USDC')).toEqual({ available: 400n, held: 0n });
    expect((await balancesOf(db, bob)).get('USDC')).toEqual({ available: 500n, held: 0n });
  });

  it('refuses a transfer beyond the sender balance', async () => {
    const [alice, bob] = await createUsers(db, 2);
    if (alice === undefined || bob === undefined) throw new Error('No users created');
    await deposit(alice, 'USDC', 10n);

    await expect(
      inTransaction(db, (tx) =>
        transfer(tx, {
          operationId: randomUUID(),
          type: 'transfer',
          fromUserId: alice,
          from: 'available',
          toUserId: bob,
          asset: 'USDC',
          amount: 11n,
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect((await balancesOf(db, bob)).has('USDC')).toBe(false);
  });

  it('takes amounts wider than any float: a uint256-sized deposit is exact', async () => {
    const userId = await oneUser();
    const huge = 2n ** 255n + 12_345n;

    await deposit(userId, 'ETH', huge);
    await inTransaction(db, (tx) =>
      hold(tx, { operationId: randomUUID(), type: 'withdrawal', userId, asset: 'ETH', amount: huge - 1n }),
    );

    expect((await balancesOf(db, userId)).get('ETH')).toEqual({ available: 1n, held: huge - 1n });
  });

  it('rejects zero and negative amounts and a negative fee as programming errors', async () => {
    const userId = await oneUser();
    const posting = { operationId: randomUUID(), type: 'deposit', userId, asset: 'TON' } as const;
    for (const amount of [0n, -5n]) {
      await expect(inTransaction(db, (tx) => credit(tx, { ...posting, amount }))).rejects.toThrow(/must be positive/);
    }
    await expect(
      inTransaction(db, (tx) => settleToExternal(tx, { ...posting, type: 'withdrawal', amount: 5n, fee: -1n })),
    ).rejects.toThrow(/must not be negative/);
    await expect(
      inTransaction(db, (tx) =>
        transfer(tx, {
          ...posting,
          type: 'transfer',
          fromUserId: userId,
          from: 'available',
          toUserId: userId,
          amount: 1n,
        }),
      ),
    ).rejects.toThrow(/two different accounts/);
  });

  it('refuses to post outside a transaction', async () => {
    const userId = await oneUser();

    await expect(
      credit(db, { operationId: randomUUID(), type: 'deposit', userId, asset: 'TON', amount: 1n }),
    ).rejects.toThrow(/inside inTransaction/);
    expect(await balancesOf(db, userId)).toEqual(new Map());
  });

  it('rolls every posting of a transaction back when a later one fails', async () => {
    const userId = await oneUser();
    await deposit(userId, 'BNB', 100n);
    const before = await ledgerState(db);

    await expect(
      inTransaction(db, async (tx) => {
        await hold(tx, { operationId: randomUUID(), type: 'withdrawal', userId, asset: 'BNB', amount: 60n });
        await hold(tx, { operationId: randomUUID(), type: 'withdrawal', userId, asset: 'BNB', amount: 60n });
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await ledgerState(db)).toEqual(before);
  });
});

describe('the database behind the ledger', () => {
  async function accountId(userId: number, asset: string, kind: 'available' | 'held'): Promise<string> {
    const rows = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
    const row = rows.find((account) => account.assetCode === asset && account.kind === kind);
    if (row === undefined) throw new Error(`No ${kind} account`);
    return row.id;
  }

  it('refuses to commit a journal whose entries do not sum to zero', async () => {
    const userId = await oneUser();
    await deposit(userId, 'TON', 10n);
    await inTransaction(db, (tx) =>
      hold(tx, { operationId: randomUUID(), type: 'withdrawal', userId, asset: 'TON', amount: 1n }),
    );
    const [available, held] = [await accountId(userId, 'TON', 'available'), await accountId(userId, 'TON', 'held')];

    const failure = failureOf(
      db.transaction(async (tx) => {
        const [journal] = await tx
          .insert(ledgerJournals)
          .values({ operationId: randomUUID(), type: 'compensation', step: 'credit' })
          .returning({ id: ledgerJournals.id });
        if (journal === undefined) throw new Error('No journal');
        await tx.insert(ledgerEntries).values([
          { journalId: journal.id, accountId: available, amount: '-1' },
          { journalId: journal.id, accountId: held, amount: '2' },
        ]);
      }),
    );

    expect(await failure).toMatch(/does not balance in TON/);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('refuses to commit a journal without entries', async () => {
    const failure = failureOf(
      db.transaction(async (tx) => {
        await tx.insert(ledgerJournals).values({ operationId: randomUUID(), type: 'compensation', step: 'credit' });
      }),
    );

    expect(await failure).toMatch(/has no entries/);
  });

  it('refuses to rewrite or delete posted entries', async () => {
    const userId = await oneUser();
    await deposit(userId, 'TON', 10n);
    const available = await accountId(userId, 'TON', 'available');

    expect(
      await failureOf(db.update(ledgerEntries).set({ amount: '20' }).where(eq(ledgerEntries.accountId, available))),
    ).toMatch(/append-only/);
    expect(await failureOf(db.delete(ledgerEntries).where(eq(ledgerEntries.accountId, available)))).toMatch(
      /append-only/,
    );
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('refuses a negative user balance even when written around the ledger', async () => {
    const userId = await oneUser();
    await deposit(userId, 'TON', 10n);
    const available = await accountId(userId, 'TON', 'available');

    expect(
      await failureOf(db.update(ledgerAccounts).set({ balance: '-1' }).where(eq(ledgerAccounts.id, available))),
    ).toMatch(/ledger_accounts_not_negative/);
  });
});
