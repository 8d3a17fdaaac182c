/**
 * Property test of P2C money (docs/p2c.md "Money"): random sequences of payments paid, taken,
 * marked paid, disputed and decided by support, codes paid at the payment system, and time passing
 * with the timers running. After every step the ledger is sound, the users' and fees' USDT add up
 * to what was credited (no money created or lost), and every person's balances are exactly what
 * their payments' statuses say, so no payment has moved its money twice or moved it wrongly.
 * P2C_PROPERTY_RUNS raises the number of runs (default 10 of 10 to 30 steps each, about 20 s on PGlite).
 */
import { inArray, or } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerAccounts } from '../../src/server/db/schema/ledger';
import { p2cPayments } from '../../src/server/db/schema/p2c';
import { ApiError } from '../../src/server/http/api-error';
import { ledgerViolations, systemBalance, userBalance } from './helpers/ledger';
import { type Client, type Merchant, p2cClientServer } from './helpers/p2c-payments';

type Step =
  | { kind: 'pay'; client: number; kopecks: bigint }
  | { kind: 'take'; payment: number; merchant: number }
  | { kind: 'paid'; payment: number; byTaker: number }
  | { kind: 'dispute'; payment: number }
  | { kind: 'resolve'; payment: number; outcome: 'confirm' | 'refund' }
  | { kind: 'code_paid'; payment: number }
  | { kind: 'time'; ms: number };

const minute = 60_000;
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      client: fc.nat(1),
      kopecks: fc.constantFrom(10000n, 150000n, 999999n),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('take' as const), payment: fc.nat(3), merchant: fc.nat(1) }) },
  {
    weight: 4,
    // Usually the merchant who took it; now and then the other one, who must be refused.
    arbitrary: fc.record({ kind: fc.constant('paid' as const), payment: fc.nat(3), byTaker: fc.nat(3) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('dispute' as const), payment: fc.nat(3) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('resolve' as const),
      payment: fc.nat(3),
      outcome: fc.constantFrom<'confirm' | 'refund'>('confirm', 'refund'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('code_paid' as const), payment: fc.nat(7) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      ms: fc.constantFrom(minute, minute, 5 * minute, 24 * 60 * minute),
    }),
  },
);

const runs = Number(process.env.P2C_PROPERTY_RUNS ?? '10');
const credited = 100n * 10n ** 18n;

describe('P2C money under random actions', () => {
  const p2c = p2cClientServer();

  /** Refusals are part of the game (a status that does not allow it, a short balance); anything else fails the run. */
  async function tolerated(action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
    }
  }

  async function applyStep(
    current: Step,
    people: { clients: Client[]; merchants: Merchant[] },
    payments: { id: number; qrId: string }[],
  ): Promise<void> {
    // Counted from the newest: most steps act on payments still in play.
    const pick = (index: number) => payments[payments.length - 1 - (index % Math.max(payments.length, 1))];
    switch (current.kind) {
      case 'pay': {
        const client = people.clients[current.client];
        if (client === undefined) return;
        const code = await p2c.issueCode(current.kopecks);
        const response = await p2c.pay(client, code.id);
        if (response.statusCode === 200) payments.push({ id: response.json().id, qrId: code.id });
        else expect(response.statusCode, response.body).toBeLessThan(500);
        return;
      }
      case 'take': {
        const payment = pick(current.payment);
        const merchant = people.merchants[current.merchant];
        if (payment !== undefined && merchant !== undefined) await p2c.take(payment.id, merchant);
        return;
      }
      case 'paid': {
        const payment = pick(current.payment);
        if (payment === undefined) return;
        const { merchantId } = await p2c.payment(payment.id);
        const taker = people.merchants.find((merchant) => merchant.userId === merchantId);
        const other = people.merchants.find((merchant) => merchant.userId !== merchantId);
        const merchant = current.byTaker === 0 ? other : (taker ?? other);
        if (merchant !== undefined) await tolerated(() => p2c.complete(payment.id, merchant));
        return;
      }
      case 'dispute': {
        const payment = pick(current.payment);
        if (payment === undefined) return;
        const row = await p2c.payment(payment.id);
        const client = people.clients.find((candidate) => candidate.userId === row.clientId);
        const response = await client?.send('POST', `/p2c/payments/${payment.id}/dispute`, {
          reason: 'shop_not_paid',
          message: 'Nothing arrived',
        });
        if (response !== undefined) expect(response.statusCode, response.body).toBeLessThan(500);
        return;
      }
      case 'resolve': {
        const payment = pick(current.payment);
        if (payment !== undefined) await tolerated(() => p2c.resolve(payment.id, current.outcome));
        return;
      }
      case 'code_paid': {
        const payment = pick(current.payment);
        if (payment !== undefined) await p2c.markCodePaid(payment.qrId);
        return;
      }
      case 'time':
        p2c.advance(current.ms);
        await p2c.runTimers();
        return;
    }
  }

  /** Every person's balances as their payments' statuses say they must be, and the fees the completed ones paid. */
  async function checkMoney(people: { clients: Client[]; merchants: Merchant[] }, feesBefore: bigint): Promise<void> {
    const ids = [...people.clients, ...people.merchants].map((person) => person.userId);
    const rows = await p2c
      .db()
      .select()
      .from(p2cPayments)
      .where(or(inArray(p2cPayments.clientId, ids), inArray(p2cPayments.merchantId, ids)));
    let fees = 0n;
    for (const client of people.clients) {
      const own = rows.filter((row) => row.clientId === client.userId);
      const held = own
        .filter((row) => row.status === 'pending' || row.status === 'processing')
        .reduce((sum, row) => sum + BigInt(row.total), 0n);
      const spent = own
        .filter((row) => row.status === 'completed' || row.status === 'disputed')
        .reduce((sum, row) => sum + BigInt(row.total), 0n);
      expect(await userBalance(p2c.db(), client.userId, 'USDT')).toEqual({ available: credited - held - spent, held });
      fees += own
        .filter((row) => row.status === 'completed' || row.status === 'disputed')
        .reduce((sum, row) => sum + BigInt(row.fee), 0n);
    }
    for (const merchant of people.merchants) {
      const own = rows.filter((row) => row.merchantId === merchant.userId);
      const earned = (settled: boolean) =>
        own
          .filter(
            (row) => (row.status === 'completed' || row.status === 'disputed') && (row.settledAt !== null) === settled,
          )
          .reduce((sum, row) => sum + BigInt(row.amount), 0n);
      expect(await userBalance(p2c.db(), merchant.userId, 'USDT')).toEqual({
        available: earned(true),
        held: earned(false),
      });
      // The payments' own record of what the merchant's held balance holds for them agrees.
      expect(own.reduce((sum, row) => sum + BigInt(row.merchantHeld), 0n)).toBe(earned(false));
    }
    expect(await systemBalance(p2c.db(), 'USDT', 'fees')).toBe(feesBefore + fees);
  }

  it('never creates or loses money and never moves a payment’s money twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 30 }), async (steps) => {
        const people = {
          clients: [await p2c.client({ usdt: credited }), await p2c.client({ usdt: credited })],
          merchants: [await p2c.merchant(), await p2c.merchant()],
        };
        const feesBefore = await systemBalance(p2c.db(), 'USDT', 'fees');
        const payments: { id: number; qrId: string }[] = [];
        for (const current of steps) {
          await applyStep(current, people, payments);
          await checkMoney(people, feesBefore);
          expect(await ledgerViolations(p2c.db())).toEqual([]);
        }
        // Whatever happened, the people's USDT and the fees' still add up to what was credited.
        const accounts = await p2c
          .db()
          .select()
          .from(ledgerAccounts)
          .where(
            inArray(
              ledgerAccounts.userId,
              [...people.clients, ...people.merchants].map((person) => person.userId),
            ),
          );
        const theirs = accounts
          .filter((account) => account.assetCode === 'USDT')
          .reduce((sum, account) => sum + BigInt(account.balance), 0n);
        const feesGained = (await systemBalance(p2c.db(), 'USDT', 'fees')) - feesBefore;
        expect(theirs + feesGained).toBe(2n * credited);
      }),
      { numRuns: runs },
    );
  }, 600_000);
});
