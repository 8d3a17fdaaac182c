import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { ledgerJournals } from '../../src/server/db/schema/ledger';
import { withdrawals } from '../../src/server/db/schema/wallet';
import { ApiError } from '../../src/server/http/api-error';
import { normaliseTxid } from '../../src/server/integrations/chain/txids';
import {
  advanceWithdrawals,
  applyWithdrawalOutcome,
  cancelWithdrawal,
  failWithdrawal,
  revertWithdrawal,
} from '../../src/server/modules/chain-simulator/withdrawals';
import { startWithdrawalWorker } from '../../src/server/modules/chain-simulator/worker';
import { createdWithdrawal, withdrawalRow } from './helpers/chain';
import { systemBalance, userBalance } from './helpers/ledger';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const stepMs = 1000;
let server: TestServer;
let db: Database;
/** The clock the worker is given; starts past every row's creation time. */
let now: Date;

beforeAll(async () => {
  server = await createTestServer();
  db = server.database.db;
  now = new Date(Date.now() + 60_000);
});

afterAll(async () => {
  await server.close();
});

function tick(): Date {
  now = new Date(now.getTime() + stepMs);
  return now;
}

/** A TON withdrawal of 2 TON + 0.1 TON fee, from a balance of 10 TON. */
async function tonWithdrawal(): Promise<{ userId: number; id: string }> {
  const { userId } = await signInTestUser(server.database);
  const id = await createdWithdrawal(db, {
    userId,
    asset: 'TON',
    network: 'TON',
    amount: 2_000_000_000n,
    fee: 100_000_000n,
    startingBalance: 10_000_000_000n,
  });
  return { userId, id };
}

/** Steps the worker until the withdrawal reaches the status (at most a few passes). */
async function advanceUntil(id: string, status: string): Promise<void> {
  for (let pass = 0; pass < 5; pass += 1) {
    if ((await withdrawalRow(db, id)).status === status) return;
    await advanceWithdrawals(db, tick(), { stepMs });
  }
  expect((await withdrawalRow(db, id)).status).toBe(status);
}

async function settlementsOf(id: string): Promise<number> {
  const rows = await db
    .select()
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.operationId, id), eq(ledgerJournals.step, 'settle')));
  return rows.length;
}

describe('advanceWithdrawals', () => {
  it('walks a withdrawal to completed, one step per due time, settling amount to external and fee to fees', async () => {
    const { userId, id } = await tonWithdrawal();
    const externalBefore = await systemBalance(db, 'TON', 'external');
    const feesBefore = await systemBalance(db, 'TON', 'fees');
    expect(await userBalance(db, userId, 'TON')).toEqual({ available: 7_900_000_000n, held: 2_100_000_000n });

    const statuses: string[] = [];
    for (let pass = 0; pass < 3; pass += 1) {
      const at = tick();
      await advanceWithdrawals(db, at, { stepMs });
      statuses.push((await withdrawalRow(db, id)).status);
      // The same instant again is not a new due time: nothing moves.
      await advanceWithdrawals(db, at, { stepMs });
      expect((await withdrawalRow(db, id)).status).toBe(statuses.at(-1));
    }

    expect(statuses).toEqual(['processing', 'sent', 'completed']);
    const row = await withdrawalRow(db, id);
    expect(row.txid).not.toBeNull();
    expect(normaliseTxid('TON', row.txid ?? '')).toBe(row.txid);
    expect(await userBalance(db, userId, 'TON')).toEqual({ available: 7_900_000_000n, held: 0n });
    expect(await systemBalance(db, 'TON', 'external')).toBe(externalBefore + 2_000_000_000n);
    expect(await systemBalance(db, 'TON', 'fees')).toBe(feesBefore + 100_000_000n);
    expect(await settlementsOf(id)).toBe(1);
  });

  it('leaves a withdrawal alone until its next step is due', async () => {
    const { id } = await tonWithdrawal();
    await advanceWithdrawals(db, tick(), { stepMs });
    await advanceWithdrawals(db, new Date(now.getTime() + stepMs - 1), { stepMs });
    expect((await withdrawalRow(db, id)).status).toBe('processing');
  });

  it('gives an EVM withdrawal a 0x transaction id when it is sent', async () => {
    const { userId } = await signInTestUser(server.database);
    const id = await createdWithdrawal(db, {
      userId,
      asset: 'USDT',
      network: 'ETH',
      amount: 10n ** 19n,
      fee: 15n * 10n ** 17n,
      startingBalance: 10n ** 20n,
    });
    await advanceUntil(id, 'sent');
    expect((await withdrawalRow(db, id)).txid).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

describe('withdrawal outcomes', () => {
  it('fail moves a sent withdrawal to error and releases the whole hold', async () => {
    const { userId, id } = await tonWithdrawal();
    await advanceUntil(id, 'sent');

    expect(await failWithdrawal(db, id, now, 'Out of gas')).toEqual({ id, from: 'sent', to: 'error' });

    expect(await withdrawalRow(db, id)).toMatchObject({ status: 'error', failureReason: 'Out of gas' });
    expect(await userBalance(db, userId, 'TON')).toEqual({ available: 10_000_000_000n, held: 0n });
    await advanceWithdrawals(db, tick(), { stepMs });
    expect((await withdrawalRow(db, id)).status).toBe('error');
  });

  it('cancel moves a created or processing withdrawal to canceled and releases the hold', async () => {
    const processing = await tonWithdrawal();
    await advanceUntil(processing.id, 'processing');
    const created = await tonWithdrawal();

    expect(await cancelWithdrawal(db, created.id, now)).toMatchObject({ from: 'created', to: 'canceled' });
    expect(await cancelWithdrawal(db, processing.id, now)).toMatchObject({ from: 'processing', to: 'canceled' });

    for (const { userId } of [created, processing]) {
      expect(await userBalance(db, userId, 'TON')).toEqual({ available: 10_000_000_000n, held: 0n });
    }
  });

  it('revert moves a completed withdrawal to reverted and gives back amount and fee', async () => {
    const { userId, id } = await tonWithdrawal();
    await advanceUntil(id, 'completed');
    const externalBefore = await systemBalance(db, 'TON', 'external');
    const feesBefore = await systemBalance(db, 'TON', 'fees');

    expect(await revertWithdrawal(db, id, now)).toMatchObject({ from: 'completed', to: 'reverted' });

    expect(await userBalance(db, userId, 'TON')).toEqual({ available: 10_000_000_000n, held: 0n });
    expect(await systemBalance(db, 'TON', 'external')).toBe(externalBefore - 2_000_000_000n);
    expect(await systemBalance(db, 'TON', 'fees')).toBe(feesBefore - 100_000_000n);
  });

  it('refuses an outcome that does not fit the status, changing nothing', async () => {
    const { userId, id } = await tonWithdrawal();
    await advanceUntil(id, 'sent');

    for (const attempt of [cancelWithdrawal(db, id, now), revertWithdrawal(db, id, now)]) {
      const error = await attempt.then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ statusCode: 409, code: 'withdrawal_status_conflict', data: { status: 'sent' } });
    }
    expect((await withdrawalRow(db, id)).status).toBe('sent');
    expect(await userBalance(db, userId, 'TON')).toEqual({ available: 7_900_000_000n, held: 2_100_000_000n });
    await expect(cancelWithdrawal(db, crypto.randomUUID(), now)).rejects.toMatchObject({
      statusCode: 404,
      code: 'withdrawal_not_found',
    });
  });

  it('check holds a withdrawal in pending_check, which the worker leaves until it is approved', async () => {
    const { id } = await tonWithdrawal();
    expect(await applyWithdrawalOutcome(db, { id, outcome: 'check', now })).toMatchObject({ to: 'pending_check' });

    await advanceWithdrawals(db, tick(), { stepMs });
    await advanceWithdrawals(db, tick(), { stepMs });
    expect((await withdrawalRow(db, id)).status).toBe('pending_check');

    await applyWithdrawalOutcome(db, { id, outcome: 'approve', now });
    await advanceUntil(id, 'completed');
    expect(await settlementsOf(id)).toBe(1);
  });
});

describe('several workers at once', () => {
  it('never step or settle a withdrawal twice', async () => {
    const batch = await Promise.all(Array.from({ length: 12 }, () => tonWithdrawal()));
    const feesBefore = await systemBalance(db, 'TON', 'fees');

    for (let pass = 0; pass < 3; pass += 1) {
      const at = tick();
      const passes = await Promise.all(Array.from({ length: 4 }, () => advanceWithdrawals(db, at, { stepMs })));
      // Every due withdrawal moved exactly once across the four workers.
      const moved = passes.flat().map((step) => step.id);
      expect(moved.sort()).toEqual(batch.map(({ id }) => id).sort());
    }

    for (const { userId, id } of batch) {
      expect((await withdrawalRow(db, id)).status).toBe('completed');
      expect(await settlementsOf(id)).toBe(1);
      expect(await userBalance(db, userId, 'TON')).toEqual({ available: 7_900_000_000n, held: 0n });
    }
    expect(await systemBalance(db, 'TON', 'fees')).toBe(feesBefore + 12n * 100_000_000n);
  });
});

describe('a withdrawal that cannot settle', () => {
  it('stays where it is while the others move on, and the pass reports it', async () => {
    const { userId } = await signInTestUser(server.database);
    // Stored as sent with nothing on hold: its settlement finds no funds.
    const [broken] = await db
      .insert(withdrawals)
      .values({
        userId,
        idempotencyKey: crypto.randomUUID(),
        assetCode: 'TON',
        network: 'TON',
        address: 'unused',
        amount: '1000',
        fee: '0',
        status: 'sent',
      })
      .returning({ id: withdrawals.id });
    if (broken === undefined) throw new Error('Not stored');
    const healthy = await tonWithdrawal();
    try {
      await expect(advanceWithdrawals(db, tick(), { stepMs })).rejects.toBeInstanceOf(AggregateError);
      expect((await withdrawalRow(db, broken.id)).status).toBe('sent');
      expect((await withdrawalRow(db, healthy.id)).status).toBe('processing');
      expect(await settlementsOf(broken.id)).toBe(0);
    } finally {
      await db.update(withdrawals).set({ status: 'error' }).where(eq(withdrawals.id, broken.id));
    }
  });
});

describe('startWithdrawalWorker', () => {
  it('completes withdrawals on its own and stops when asked', async () => {
    const { id } = await tonWithdrawal();
    // The test clock (ahead of the database's) moving at real speed.
    const startedAt = Date.now();
    const worker = startWithdrawalWorker({
      db,
      now: () => new Date(now.getTime() + Date.now() - startedAt),
      stepMs: 10,
    });
    try {
      await expect
        .poll(async () => (await withdrawalRow(db, id)).status, { timeout: 5000, interval: 20 })
        .toBe('completed');
    } finally {
      await worker.stop();
    }
    const stoppedAt = await tonWithdrawal();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await withdrawalRow(db, stoppedAt.id)).status).toBe('created');
  });
});
