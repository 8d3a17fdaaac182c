import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { apiErrorBody } from '../../src/contract/errors';
import type { WithdrawalStatus } from '../../src/contract/wallet-operations';
import type { Database } from '../../src/server/db/database';
import { ledgerJournals } from '../../src/server/db/schema/ledger';
import { withdrawals } from '../../src/server/db/schema/wallet';
import { advanceWithdrawals, applyWithdrawalOutcome } from '../../src/server/modules/chain-simulator/withdrawals';
import { createdWithdrawal, withdrawalRow } from './helpers/chain';
import { ledgerState, ledgerViolations, systemBalance, userBalance } from './helpers/ledger';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// Every status change of a withdrawal from every status, through the simulator's route and the
// worker, against a table written by hand from docs/chain.md. A withdrawal of 2 TON + 0.1 TON fee
// from a balance of 10 TON; the balances are the user's TON available/held after the action, and
// external/fees are the change of the system accounts the action caused.

const stepMs = 1000;
let server: TestServer;
let db: Database;
let now: Date;
const open: string[] = [];

beforeAll(async () => {
  server = await createTestServer({ telegram: { localMode: true } });
  db = server.database.db;
  now = new Date(Date.now() + 60_000);
  server.setNow(now);
});

afterAll(async () => {
  await server.close();
});

// A withdrawal left moving would be stepped by the next case's worker pass: end it.
afterEach(async () => {
  for (const id of open.splice(0)) {
    const { status } = await withdrawalRow(db, id);
    if (status === 'created' || status === 'processing' || status === 'pending_check' || status === 'sent') {
      await applyWithdrawalOutcome(db, { id, outcome: 'fail', now });
    }
  }
  expect(await ledgerViolations(db)).toEqual([]);
});

function tick(): Date {
  now = new Date(now.getTime() + stepMs);
  server.setNow(now);
  return now;
}

type Outcome = 'fail' | 'cancel' | 'revert' | 'check' | 'approve';
type Action = Outcome | 'step';

function outcome(id: string, action: Outcome) {
  return server.app.inject({ method: 'POST', url: `/local/chain/withdrawal/${id}/${action}`, payload: {} });
}

async function step(id: string): Promise<void> {
  const steps = await advanceWithdrawals(db, tick(), { stepMs });
  expect(steps.map((taken) => taken.id)).toEqual([id]);
}

async function accept(id: string, action: Outcome): Promise<void> {
  const response = await outcome(id, action);
  expect(response.statusCode, response.body).toBe(200);
}

/** How each status is reached from a new withdrawal, by the simulator's own transitions. */
const pathTo: Readonly<Record<WithdrawalStatus, (id: string) => Promise<void>>> = {
  created: async () => {},
  processing: async (id) => step(id),
  pending_check: async (id) => accept(id, 'check'),
  sent: async (id) => {
    await step(id);
    await step(id);
  },
  completed: async (id) => {
    await step(id);
    await step(id);
    await step(id);
  },
  canceled: async (id) => accept(id, 'cancel'),
  reverted: async (id) => {
    await pathTo.completed(id);
    await accept(id, 'revert');
  },
  error: async (id) => {
    await pathTo.sent(id);
    await accept(id, 'fail');
  },
};

interface Accepted {
  readonly to: WithdrawalStatus;
  readonly available: bigint;
  readonly held: bigint;
  /** Change of the TON external account. */
  readonly external: bigint;
  /** Change of the TON fees account. */
  readonly fees: bigint;
}

/** Refused: 409 withdrawal_status_conflict (the worker: not stepped), nothing changes. */
const refused = 'refused';
type Expected = Accepted | typeof refused;

const onHold = { available: 7_900_000_000n, held: 2_100_000_000n, external: 0n, fees: 0n } as const;
const released = { available: 10_000_000_000n, held: 0n, external: 0n, fees: 0n } as const;

const table: Readonly<Record<WithdrawalStatus, Readonly<Record<Action, Expected>>>> = {
  created: {
    fail: { to: 'error', ...released },
    cancel: { to: 'canceled', ...released },
    revert: refused,
    check: { to: 'pending_check', ...onHold },
    approve: refused,
    step: { to: 'processing', ...onHold },
  },
  processing: {
    fail: { to: 'error', ...released },
    cancel: { to: 'canceled', ...released },
    revert: refused,
    check: { to: 'pending_check', ...onHold },
    approve: refused,
    step: { to: 'sent', ...onHold },
  },
  pending_check: {
    fail: { to: 'error', ...released },
    cancel: { to: 'canceled', ...released },
    revert: refused,
    check: refused,
    approve: { to: 'processing', ...onHold },
    step: refused,
  },
  sent: {
    fail: { to: 'error', ...released },
    cancel: refused,
    revert: refused,
    check: refused,
    approve: refused,
    step: { to: 'completed', available: 7_900_000_000n, held: 0n, external: 2_000_000_000n, fees: 100_000_000n },
  },
  completed: {
    fail: refused,
    cancel: refused,
    revert: { to: 'reverted', available: 10_000_000_000n, held: 0n, external: -2_000_000_000n, fees: -100_000_000n },
    check: refused,
    approve: refused,
    step: refused,
  },
  canceled: { fail: refused, cancel: refused, revert: refused, check: refused, approve: refused, step: refused },
  reverted: { fail: refused, cancel: refused, revert: refused, check: refused, approve: refused, step: refused },
  error: { fail: refused, cancel: refused, revert: refused, check: refused, approve: refused, step: refused },
};

const cases = Object.entries(table).flatMap(([from, actions]) =>
  Object.entries(actions).map(([action, expected]) => ({ from, action, expected })),
);

async function newWithdrawal(forUser?: number): Promise<{ userId: number; id: string }> {
  const userId = forUser ?? (await signInTestUser(server.database)).userId;
  const id = await createdWithdrawal(db, {
    userId,
    asset: 'TON',
    network: 'TON',
    amount: 2_000_000_000n,
    fee: 100_000_000n,
    startingBalance: 10_000_000_000n,
  });
  open.push(id);
  return { userId, id };
}

/** The steps of the withdrawal's journals, in alphabetical order. */
async function journalSteps(id: string): Promise<string[]> {
  const rows = await db
    .select({ step: ledgerJournals.step })
    .from(ledgerJournals)
    .where(eq(ledgerJournals.operationId, id));
  return rows.map((row) => row.step).sort();
}

function isStatus(value: string): value is WithdrawalStatus {
  return value in table;
}

describe('every action from every withdrawal status', () => {
  it('covers 8 statuses × 6 actions', () => {
    expect(cases).toHaveLength(48);
  });

  it.each(cases)('$action from $from', async ({ from, action, expected }) => {
    if (!isStatus(from)) throw new Error(`Not a status: ${from}`);
    const { userId, id } = await newWithdrawal();
    await pathTo[from](id);
    expect((await withdrawalRow(db, id)).status).toBe(from);
    const before = await ledgerState(db);
    const balanceBefore = await userBalance(db, userId, 'TON');
    const externalBefore = await systemBalance(db, 'TON', 'external');
    const feesBefore = await systemBalance(db, 'TON', 'fees');
    const stepsBefore = await journalSteps(id);

    if (action === 'step') {
      const steps = await advanceWithdrawals(db, tick(), { stepMs });
      expect(steps).toEqual(expected === refused ? [] : [expect.objectContaining({ id, from, to: expected.to })]);
    } else if (
      action === 'fail' ||
      action === 'cancel' ||
      action === 'revert' ||
      action === 'check' ||
      action === 'approve'
    ) {
      const response = await outcome(id, action);
      if (expected === refused) {
        expect(response.statusCode).toBe(409);
        expect(z.parse(apiErrorBody, response.json())).toMatchObject({
          code: 'withdrawal_status_conflict',
          data: { status: from },
        });
      } else {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ id, from, to: expected.to });
      }
    } else {
      throw new Error(`Unknown action ${action}`);
    }

    if (expected === refused) {
      expect((await withdrawalRow(db, id)).status).toBe(from);
      expect(await ledgerState(db)).toEqual(before);
      expect(await journalSteps(id)).toEqual(stepsBefore);
      return;
    }
    expect((await withdrawalRow(db, id)).status).toBe(expected.to);
    expect(await userBalance(db, userId, 'TON')).toEqual({ available: expected.available, held: expected.held });
    expect((await systemBalance(db, 'TON', 'external')) - externalBefore).toBe(expected.external);
    expect((await systemBalance(db, 'TON', 'fees')) - feesBefore).toBe(expected.fees);
    // The user's own money moved exactly as much as the system accounts did, the other way.
    const userDelta = expected.available + expected.held - (balanceBefore.available + balanceBefore.held);
    expect(userDelta + expected.external + expected.fees).toBe(0n);
  });
});

describe('the ledger behind the status', () => {
  it('a revert twice refunds once: 10 TON back, not 12.1', async () => {
    const { userId, id } = await newWithdrawal();
    await pathTo.completed(id);
    expect((await outcome(id, 'revert')).statusCode).toBe(200);
    expect((await outcome(id, 'revert')).statusCode).toBe(409);
    expect(await userBalance(db, userId, 'TON')).toEqual({ available: 10_000_000_000n, held: 0n });
    expect(await journalSteps(id)).toEqual(['hold', 'refund', 'settle']);
  });

  it('refuses to refund a withdrawal whose row says completed but whose ledger is already refunded', async () => {
    const { userId, id } = await newWithdrawal();
    await pathTo.reverted(id);
    // A row put back by hand (or by a bug elsewhere): the ledger still knows it was refunded.
    await db.update(withdrawals).set({ status: 'completed' }).where(eq(withdrawals.id, id));
    const before = await ledgerState(db);

    const response = await outcome(id, 'revert');

    expect(response.statusCode).toBe(409);
    expect(z.parse(apiErrorBody, response.json())).toMatchObject({ code: 'withdrawal_ledger_conflict' });
    expect(await ledgerState(db)).toEqual(before);
    expect(await userBalance(db, userId, 'TON')).toEqual({ available: 10_000_000_000n, held: 0n });
    await db.update(withdrawals).set({ status: 'reverted' }).where(eq(withdrawals.id, id));
  });

  it('refuses to release a hold twice when a released row is put back in a moving status', async () => {
    const { userId, id } = await newWithdrawal();
    await pathTo.canceled(id);
    // Another withdrawal of the same user keeps 2.1 TON on hold, which a second release could take.
    await newWithdrawal(userId);
    await db.update(withdrawals).set({ status: 'processing' }).where(eq(withdrawals.id, id));
    const before = await ledgerState(db);

    for (const action of ['fail', 'cancel'] as const) {
      const response = await outcome(id, action);
      expect(response.statusCode).toBe(409);
      expect(z.parse(apiErrorBody, response.json())).toMatchObject({ code: 'withdrawal_ledger_conflict' });
    }
    expect(await ledgerState(db)).toEqual(before);
    expect(await userBalance(db, userId, 'TON')).toEqual({ available: 17_900_000_000n, held: 2_100_000_000n });
    expect(await journalSteps(id)).toEqual(['hold', 'release']);
    await db.update(withdrawals).set({ status: 'canceled' }).where(eq(withdrawals.id, id));
  });

  it('refuses to settle a withdrawal whose hold was already released', async () => {
    const { userId, id } = await newWithdrawal();
    await pathTo.canceled(id);
    await newWithdrawal(userId);
    await db.update(withdrawals).set({ status: 'sent', nextStepAt: now }).where(eq(withdrawals.id, id));

    await expect(advanceWithdrawals(db, tick(), { stepMs })).rejects.toBeInstanceOf(AggregateError);

    expect((await withdrawalRow(db, id)).status).toBe('sent');
    expect(await journalSteps(id)).toEqual(['hold', 'release']);
    // Only the other withdrawal's hold remains; it moved to processing, still held.
    expect(await userBalance(db, userId, 'TON')).toEqual({ available: 17_900_000_000n, held: 2_100_000_000n });
    await db.update(withdrawals).set({ status: 'canceled' }).where(eq(withdrawals.id, id));
  });
});
