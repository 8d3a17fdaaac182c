import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { ledgerJournals } from '../../src/server/db/schema/ledger';
import { withdrawals } from '../../src/server/db/schema/wallet';
import { chainSimulatorErrors } from '../../src/server/modules/chain-simulator/errors';
import { advanceWithdrawals, applyWithdrawalOutcome } from '../../src/server/modules/chain-simulator/withdrawals';
import { startWithdrawalWorker } from '../../src/server/modules/chain-simulator/worker';
import { createdWithdrawal, withdrawalRow } from './helpers/chain';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// What the simulator's withdrawal side does beyond the status table, pinned where mutation testing
// found it unchecked (docs/testing.md): timing of the next step, the txid kept once sent, the
// recorded failure reason, the worker's error reporting, and the simulator's messages.

let server: TestServer;
let db: Database;
let now: Date;

beforeAll(async () => {
  server = await createTestServer();
  db = server.database.db;
  now = new Date(Date.now() + 600_000);
});

afterAll(async () => {
  await server.close();
});

/** Every withdrawal still moving is failed, so the next test's worker pass sees only its own. */
async function settleAll(): Promise<void> {
  const moving = await db.select({ id: withdrawals.id, status: withdrawals.status }).from(withdrawals);
  for (const row of moving) {
    if (['created', 'processing', 'pending_check', 'sent'].includes(row.status)) {
      await applyWithdrawalOutcome(db, { id: row.id, outcome: 'fail', now });
    }
  }
}

async function journalsOf(id: string): Promise<string[]> {
  const rows = await db
    .select({ type: ledgerJournals.type, step: ledgerJournals.step })
    .from(ledgerJournals)
    .where(eq(ledgerJournals.operationId, id));
  return rows.map((row) => `${row.type}:${row.step}`).sort();
}

async function newWithdrawal(): Promise<string> {
  await settleAll();
  const { userId } = await signInTestUser(server.database);
  return createdWithdrawal(db, {
    userId,
    asset: 'TON',
    network: 'TON',
    amount: 2_000_000_000n,
    fee: 100_000_000n,
    startingBalance: 10_000_000_000n,
  });
}

describe('the worker step', () => {
  it('dates the next step 2000 ms later by default, and stamps updated_at with the clock', async () => {
    const id = await newWithdrawal();
    now = new Date(now.getTime() + 1000);

    expect(await advanceWithdrawals(db, now)).toEqual([{ id, from: 'created', to: 'processing', txid: null }]);

    const row = await withdrawalRow(db, id);
    expect(row.nextStepAt.getTime()).toBe(now.getTime() + 2000);
    expect(row.updatedAt.getTime()).toBe(now.getTime());
    // One millisecond before the next step is due, nothing moves; at the due time it does.
    expect(await advanceWithdrawals(db, new Date(now.getTime() + 1999))).toEqual([]);
    expect(await advanceWithdrawals(db, new Date(now.getTime() + 2000))).toEqual([
      expect.objectContaining({ id, from: 'processing', to: 'sent' }),
    ]);
  });

  it('keeps the txid given when sent through completion', async () => {
    const id = await newWithdrawal();
    const stepMs = 10;
    const steps = [];
    for (let pass = 1; pass <= 3; pass += 1) {
      now = new Date(now.getTime() + 1000);
      steps.push(...(await advanceWithdrawals(db, now, { stepMs })));
    }
    const [, sent, completed] = steps;
    expect(sent?.to).toBe('sent');
    expect(sent?.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(completed).toEqual({ id, from: 'sent', to: 'completed', txid: sent?.txid });
    expect((await withdrawalRow(db, id)).txid).toBe(sent?.txid);
  });

  it('reports how many withdrawals could not move', async () => {
    const id = await newWithdrawal();
    // Stored as sent with its hold already released: the ledger check refuses to settle it.
    await applyWithdrawalOutcome(db, { id, outcome: 'cancel', now });
    await db.update(withdrawals).set({ status: 'sent', nextStepAt: now }).where(eq(withdrawals.id, id));
    now = new Date(now.getTime() + 1000);
    try {
      const error = await advanceWithdrawals(db, now).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(AggregateError);
      expect(error).toMatchObject({ message: '1 withdrawal(s) could not take their next step' });
      expect(error instanceof AggregateError ? error.errors : []).toEqual([
        expect.objectContaining({ statusCode: 409, code: 'withdrawal_ledger_conflict' }),
      ]);
    } finally {
      await db.update(withdrawals).set({ status: 'canceled' }).where(eq(withdrawals.id, id));
    }
  });
});

describe('the ledger check behind a revert', () => {
  it.each([
    ['never settled (the hold alone)', async (_id: string) => {}],
    [
      'canceled (hold and release: as many journals as a settlement)',
      async (id: string) => {
        await applyWithdrawalOutcome(db, { id, outcome: 'cancel', now });
      },
    ],
  ])('refuses to refund a row put to completed by hand that was %s', async (_name, before) => {
    const id = await newWithdrawal();
    await before(id);
    await db.update(withdrawals).set({ status: 'completed' }).where(eq(withdrawals.id, id));
    try {
      await expect(applyWithdrawalOutcome(db, { id, outcome: 'revert', now })).rejects.toMatchObject({
        statusCode: 409,
        code: 'withdrawal_ledger_conflict',
      });
      expect((await withdrawalRow(db, id)).status).toBe('completed');
      expect(await journalsOf(id)).not.toContain('withdrawal:refund');
    } finally {
      await db.update(withdrawals).set({ status: 'canceled' }).where(eq(withdrawals.id, id));
    }
  });

  it('posts every journal of a withdrawal as type withdrawal', async () => {
    const id = await newWithdrawal();
    for (let pass = 1; pass <= 3; pass += 1) {
      now = new Date(now.getTime() + 1000);
      await advanceWithdrawals(db, now, { stepMs: 10 });
    }
    await applyWithdrawalOutcome(db, { id, outcome: 'revert', now });
    expect(await journalsOf(id)).toEqual(['withdrawal:hold', 'withdrawal:refund', 'withdrawal:settle']);
  });
});

describe('outcomes', () => {
  it('records the default failure reason, and none for a cancel', async () => {
    const failed = await newWithdrawal();
    await applyWithdrawalOutcome(db, { id: failed, outcome: 'fail', now });
    expect(await withdrawalRow(db, failed)).toMatchObject({
      status: 'error',
      failureReason: 'Failed on the test network (simulator)',
    });

    const canceled = await newWithdrawal();
    await applyWithdrawalOutcome(db, { id: canceled, outcome: 'cancel', now, reason: 'ignored' });
    expect(await withdrawalRow(db, canceled)).toMatchObject({ status: 'canceled', failureReason: null });
  });

  it('makes an approved withdrawal due at once and stamps updated_at', async () => {
    const id = await newWithdrawal();
    await applyWithdrawalOutcome(db, { id, outcome: 'check', now });
    const approvedAt = new Date(now.getTime() + 5000);
    await applyWithdrawalOutcome(db, { id, outcome: 'approve', now: approvedAt });

    const row = await withdrawalRow(db, id);
    expect(row.nextStepAt.getTime()).toBe(approvedAt.getTime());
    expect(row.updatedAt.getTime()).toBe(approvedAt.getTime());
    expect(await advanceWithdrawals(db, approvedAt)).toEqual([
      expect.objectContaining({ id, from: 'processing', to: 'sent' }),
    ]);
    now = approvedAt;
  });
});

describe('startWithdrawalWorker', () => {
  it('steps withdrawals with its own step length', async () => {
    const id = await newWithdrawal();
    const fixed = new Date(now.getTime() + 1000);
    const worker = startWithdrawalWorker({ db, now: () => fixed, stepMs: 30 });
    try {
      await expect
        .poll(async () => (await withdrawalRow(db, id)).status, { timeout: 5000, interval: 10 })
        .toBe('processing');
    } finally {
      await worker.stop();
    }
    expect((await withdrawalRow(db, id)).nextStepAt.getTime()).toBe(fixed.getTime() + 30);
    now = fixed;
  });

  it('polls as often as the step (at least every 10 ms), and at most once a second for long steps', async () => {
    const count = async (stepMs: number): Promise<number> => {
      let passes = 0;
      const worker = startWithdrawalWorker({
        db,
        now: () => {
          passes += 1;
          throw new Error('counted');
        },
        stepMs,
        onError: () => {},
      });
      await new Promise((resolve) => setTimeout(resolve, 600));
      await worker.stop();
      return passes;
    };
    // A one-second poll has not come round within 600 ms; a 10 ms one has, many times.
    expect(await count(5000)).toBe(0);
    expect(await count(1000)).toBe(0);
    expect(await count(10)).toBeGreaterThanOrEqual(3);
  });

  it('hands a failed pass to onError and keeps polling', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const worker = startWithdrawalWorker({
      db,
      now: () => {
        passes += 1;
        throw new Error(`clock broken ${passes}`);
      },
      stepMs: 10,
      onError: (error) => errors.push(error),
    });
    try {
      await expect.poll(() => errors.length, { timeout: 5000, interval: 10 }).toBeGreaterThanOrEqual(2);
    } finally {
      await worker.stop();
    }
    expect(errors[0]).toMatchObject({ message: 'clock broken 1' });
    const after = passes;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(passes).toBe(after);
  });
});

describe('the simulator messages `npm run chain` prints', () => {
  it('says what was wrong in plain words', () => {
    expect(chainSimulatorErrors.withdrawalNotFound()).toMatchObject({
      statusCode: 404,
      code: 'withdrawal_not_found',
      message: 'No such withdrawal was found',
    });
    expect(chainSimulatorErrors.withdrawalStatusConflict('sent', ['created', 'processing'])).toMatchObject({
      statusCode: 409,
      code: 'withdrawal_status_conflict',
      message: 'The withdrawal is sent; this outcome applies only to a withdrawal that is created or processing',
      data: { status: 'sent' },
    });
    expect(chainSimulatorErrors.withdrawalLedgerConflict('completed', ['hold', 'refund', 'settle'])).toMatchObject({
      statusCode: 409,
      code: 'withdrawal_ledger_conflict',
      message: 'The withdrawal is completed, but its ledger holds hold, refund, settle; nothing was changed',
      data: { status: 'completed', steps: ['hold', 'refund', 'settle'] },
    });
    expect(chainSimulatorErrors.withdrawalLedgerConflict('sent', [])).toMatchObject({
      message: 'The withdrawal is sent, but its ledger holds no postings; nothing was changed',
    });
    expect(chainSimulatorErrors.invalidAddress('TON')).toMatchObject({
      statusCode: 422,
      code: 'invalid_address',
      message: 'This is not a valid TON test-network address',
    });
    expect(chainSimulatorErrors.unrecognisedAddress()).toMatchObject({
      statusCode: 422,
      code: 'invalid_address',
      message: 'This is not a valid address of any supported test network',
    });
    expect(chainSimulatorErrors.ambiguousAddress(['ETH', 'BSC'])).toMatchObject({
      statusCode: 422,
      code: 'network_required',
      message: 'This address is valid on several networks (ETH, BSC) and is not a deposit address; name the network',
      data: { networks: ['ETH', 'BSC'] },
    });
    expect(chainSimulatorErrors.assetNotOnNetwork('USDT', 'BTC')).toMatchObject({
      statusCode: 404,
      code: 'network_not_found',
      message: 'USDT is not on the BTC network',
    });
    expect(chainSimulatorErrors.invalidAmount('Too many decimals')).toMatchObject({
      statusCode: 422,
      code: 'invalid_amount',
      message: 'Too many decimals',
    });
    expect(chainSimulatorErrors.invalidTxid('ETH')).toMatchObject({
      statusCode: 422,
      code: 'invalid_txid',
      message: 'This is not a ETH transaction id (32 bytes in hex)',
    });
    expect(chainSimulatorErrors.depositForbidden('the asset is disabled')).toMatchObject({
      statusCode: 403,
      code: 'deposit_forbidden',
      message: 'The deposit was refused and nothing was recorded: the asset is disabled',
    });
  });
});
