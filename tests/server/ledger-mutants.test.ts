import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { ledgerAccounts, ledgerJournals } from '../../src/server/db/schema/ledger';
import { postJournal } from '../../src/server/ledger/journal';
import {
  credit,
  hold,
  InsufficientFundsError,
  inTransaction,
  refundSettled,
  release,
  settleToExternal,
  transfer,
} from '../../src/server/ledger/ledger';
import { createUsers, creditUser, ledgerState, setUpLedgerDatabase } from './helpers/ledger';

// Behaviour the ledger's other tests did not pin down, found by mutation testing (docs/testing.md):
// the step each posting records, the exact refusals, and "nothing written" when a refusal is
// caught inside a transaction that then commits.

let db: Database;
setUpLedgerDatabase((created) => {
  db = created;
});

async function oneUser(): Promise<number> {
  const [userId] = await createUsers(db, 1);
  if (userId === undefined) throw new Error('No user created');
  return userId;
}

async function stepsOf(operationId: string): Promise<string[]> {
  const rows = await db
    .select({ step: ledgerJournals.step, type: ledgerJournals.type })
    .from(ledgerJournals)
    .where(eq(ledgerJournals.operationId, operationId));
  return rows.map((row) => `${row.type}:${row.step}`).sort();
}

async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('Nothing was thrown');
}

describe('the step each posting records', () => {
  it('credit, hold, release, settle, refund and transfer name their step in the journal', async () => {
    const [alice, bob] = await createUsers(db, 2);
    if (alice === undefined || bob === undefined) throw new Error('No users');
    const deposit = randomUUID();
    const withdrawal = randomUUID();
    const payment = randomUUID();
    await inTransaction(db, async (tx) => {
      await credit(tx, { operationId: deposit, type: 'deposit', userId: alice, asset: 'TON', amount: 1_000n });
      const posting = { operationId: withdrawal, type: 'withdrawal', userId: alice, asset: 'TON' } as const;
      await hold(tx, { ...posting, amount: 300n });
      await release(tx, { ...posting, amount: 100n });
      await settleToExternal(tx, { ...posting, amount: 150n, fee: 50n });
      await refundSettled(tx, { ...posting, amount: 150n, fee: 50n });
      await transfer(tx, {
        operationId: payment,
        type: 'transfer',
        fromUserId: alice,
        from: 'available',
        toUserId: bob,
        asset: 'TON',
        amount: 10n,
      });
    });

    expect(await stepsOf(deposit)).toEqual(['deposit:credit']);
    expect(await stepsOf(withdrawal)).toEqual([
      'withdrawal:hold',
      'withdrawal:refund',
      'withdrawal:release',
      'withdrawal:settle',
    ]);
    expect(await stepsOf(payment)).toEqual(['transfer:transfer']);
  });
});

describe('refusals, in the words a log shows', () => {
  it('names the amount that must be positive and the fee that must not be negative', async () => {
    const userId = await oneUser();
    const posting = { operationId: randomUUID(), type: 'withdrawal', userId, asset: 'TON' } as const;
    const zeroAmount = 'A ledger amount must be positive, got 0';
    await expect(inTransaction(db, (tx) => credit(tx, { ...posting, amount: 0n }))).rejects.toThrow(zeroAmount);
    await expect(inTransaction(db, (tx) => hold(tx, { ...posting, amount: 0n }))).rejects.toThrow(zeroAmount);
    await expect(inTransaction(db, (tx) => release(tx, { ...posting, amount: 0n }))).rejects.toThrow(zeroAmount);
    await expect(inTransaction(db, (tx) => settleToExternal(tx, { ...posting, amount: 0n, fee: 0n }))).rejects.toThrow(
      zeroAmount,
    );
    await expect(inTransaction(db, (tx) => refundSettled(tx, { ...posting, amount: 0n, fee: 0n }))).rejects.toThrow(
      zeroAmount,
    );
    await expect(
      inTransaction(db, (tx) =>
        transfer(tx, { ...posting, fromUserId: userId, from: 'held', toUserId: userId, amount: 0n }),
      ),
    ).rejects.toThrow(zeroAmount);
    await expect(inTransaction(db, (tx) => refundSettled(tx, { ...posting, amount: 1n, fee: -1n }))).rejects.toThrow(
      'A ledger fee must not be negative, got -1',
    );
    await expect(inTransaction(db, (tx) => settleToExternal(tx, { ...posting, amount: 1n, fee: -2n }))).rejects.toThrow(
      'A ledger fee must not be negative, got -2',
    );
  });

  it('says what was available and what was required when funds are short', async () => {
    const userId = await oneUser();
    await creditUser(db, { userId, asset: 'TON', amount: 100n });
    const error = await thrownBy(() =>
      inTransaction(db, (tx) =>
        hold(tx, { operationId: randomUUID(), type: 'withdrawal', userId, asset: 'TON', amount: 150n }),
      ),
    );
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect(error).toMatchObject({
      name: 'InsufficientFundsError',
      message: 'Insufficient funds: 100 available, 150 required',
      available: 100n,
      required: 150n,
    });
  });

  it('postJournal refuses fewer than two accounts and unbalanced legs, writing nothing', async () => {
    const userId = await oneUser();
    await creditUser(db, { userId, asset: 'TON', amount: 100n });
    const before = await ledgerState(db);
    const draft = { operationId: randomUUID(), type: 'transfer', step: 'transfer', asset: 'TON' } as const;
    const available = { userId, kind: 'available' } as const;
    const held = { userId, kind: 'held' } as const;

    await expect(
      inTransaction(db, (tx) => postJournal(tx, { ...draft, legs: [{ account: available, amount: 5n }] })),
    ).rejects.toThrow('A journal moves value between at least two accounts');
    // Two legs on one account net to a single account with no movement at all.
    await expect(
      inTransaction(db, (tx) =>
        postJournal(tx, {
          ...draft,
          legs: [
            { account: available, amount: -5n },
            { account: available, amount: 5n },
          ],
        }),
      ),
    ).rejects.toThrow('A journal moves value between at least two accounts');
    await expect(
      inTransaction(db, (tx) =>
        postJournal(tx, {
          ...draft,
          legs: [
            { account: available, amount: -5n },
            { account: held, amount: 4n },
          ],
        }),
      ),
    ).rejects.toThrow('A journal must sum to zero');
    expect(await ledgerState(db)).toEqual(before);
  });
});

describe('nothing written when a refusal is caught and the transaction commits', () => {
  it('a hold of an asset the user never had opens no account, even if the caller carries on', async () => {
    const userId = await oneUser();
    const before = await ledgerState(db);

    await inTransaction(db, async (tx) => {
      const error = await thrownBy(() =>
        hold(tx, { operationId: randomUUID(), type: 'withdrawal', userId, asset: 'BTC', amount: 1n }),
      );
      expect(error).toBeInstanceOf(InsufficientFundsError);
    });

    expect(await ledgerState(db)).toEqual(before);
    const opened = await db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.assetCode, 'BTC')));
    expect(opened).toEqual([]);
  });
});
