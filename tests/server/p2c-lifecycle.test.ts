/**
 * A P2C payment after it is paid (docs/p2c.md "Lifecycle", "Money", "Timers"): expiry with no
 * merchant, the processing lapse rules, completion into the merchant's held balance, the dispute
 * window closing, the client's dispute and support's two answers, each with hand-worked balances;
 * the timers run once across two instances; the wallet history's P2C items; the payments list.
 * The merchant's take and mark-paid are driven through the module's own functions.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { p2cClientPayment, p2cMerchantPayment, p2cPaymentListItem } from '../../src/contract/p2c';
import { walletTransactionDetail, walletTransactionPage } from '../../src/contract/wallet-operations';
import { openPostgres } from '../../src/server/db/client';
import type { Database } from '../../src/server/db/database';
import { ledgerJournals } from '../../src/server/db/schema/ledger';
import { p2cPaymentHistory, p2cPayments, p2cPaymentTimers } from '../../src/server/db/schema/p2c';
import { localPaymentSystem } from '../../src/server/integrations/payment-system/local-payment-system';
import { inProcessLiveEvents } from '../../src/server/modules/p2c-payments/live-events';
import { runDueP2cTimers } from '../../src/server/modules/p2c-payments/timers';
import { ledgerViolations, systemBalance, userBalance } from './helpers/ledger';
import { p2cClientServer } from './helpers/p2c-payments';
import { expectError, ok } from './helpers/security';

// 1,500 RUB at 79.38 RUB a USDT (the hand-worked figures of p2c-pay.test.ts).
const amount = 18_896448_000000_000000n;
const fee = 188965_000000_000000n;
const total = 19_085413_000000_000000n;
const twentyUsdt = 20n * 10n ** 18n;
const minute = 60_000;
const day = 24 * 60 * minute;

const clientAnswer = z.object({ role: z.literal('client'), payment: p2cClientPayment });
const merchantAnswer = z.object({ role: z.literal('merchant'), payment: p2cMerchantPayment });

describe('P2C: a payment after it is paid', () => {
  const p2c = p2cClientServer();

  async function pendingPayment() {
    const client = await p2c.client({ usdt: twentyUsdt });
    const code = await p2c.issueCode(150000n);
    const payment = await p2c.paid(client, code.id);
    return { client, code, payment };
  }

  async function historyOf(paymentId: number) {
    const rows = await p2c
      .db()
      .select()
      .from(p2cPaymentHistory)
      .where(eq(p2cPaymentHistory.paymentId, paymentId))
      .orderBy(p2cPaymentHistory.id);
    return rows.map((row) => [row.fromStatus, row.toStatus, row.actor, row.detail]);
  }

  it('expires a payment nobody took after 5 minutes and gives the client the whole total back', async () => {
    const { client, payment } = await pendingPayment();
    p2c.advance(5 * minute - 1);
    await p2c.runTimers();
    expect((await p2c.payment(payment.id)).status).toBe('pending');

    p2c.advance(1);
    await p2c.runTimers();

    expect(await p2c.payment(payment.id)).toMatchObject({ status: 'expired', escrow: '0' });
    expect(await userBalance(p2c.db(), client.userId, 'USDT')).toEqual({ available: twentyUsdt, held: 0n });
    expect(await historyOf(payment.id)).toEqual([
      [null, 'pending', 'client', null],
      ['pending', 'expired', 'timer', 'no_merchant'],
    ]);
    const refunds = await p2c
      .db()
      .select({ type: ledgerJournals.type, step: ledgerJournals.step })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.type, 'p2c_client_refund'));
    expect(refunds).toContainEqual({ type: 'p2c_client_refund', step: 'release' });
    expect(p2c.liveEvents).toContainEqual({ kind: 'removed', paymentId: payment.id });
    expect(ok(await client.send('GET', `/p2c/payments/${payment.id}`), clientAnswer).payment).toMatchObject({
      status: 'expired',
      deadline_at: null,
    });
  });

  it('expires a taken payment whose code is still unpaid after 5 minutes: the client refunded, the merchant sees canceled', async () => {
    const { client, payment } = await pendingPayment();
    const merchant = await p2c.merchant();
    await p2c.take(payment.id, merchant);
    p2c.advance(5 * minute);

    await p2c.runTimers();

    expect((await p2c.payment(payment.id)).status).toBe('expired');
    expect(await userBalance(p2c.db(), client.userId, 'USDT')).toEqual({ available: twentyUsdt, held: 0n });
    expect(ok(await merchant.send('GET', `/p2c/payments/${payment.id}`), merchantAnswer).payment).toMatchObject({
      status: 'canceled',
      method: 'qr',
      reward: amount.toString(),
    });
  });

  it('keeps a taken payment processing, money held and no new timer, when its code is already paid', async () => {
    const { client, code, payment } = await pendingPayment();
    const merchant = await p2c.merchant();
    await p2c.take(payment.id, merchant);
    await p2c.markCodePaid(code.id);
    p2c.advance(5 * minute);

    await p2c.runTimers();

    expect(await p2c.payment(payment.id)).toMatchObject({ status: 'processing', escrow: total.toString() });
    expect(await userBalance(p2c.db(), client.userId, 'USDT')).toEqual({
      available: twentyUsdt - total,
      held: total,
    });
    const open = await p2c
      .db()
      .select()
      .from(p2cPaymentTimers)
      .where(and(eq(p2cPaymentTimers.paymentId, payment.id), isNull(p2cPaymentTimers.doneAt)));
    expect(open).toEqual([]);
    expect((await historyOf(payment.id)).at(-1)).toEqual([
      'processing',
      'processing',
      'timer',
      'code_paid_awaiting_receipt',
    ]);

    // Late, but paid: the merchant can still complete it.
    await p2c.complete(payment.id, merchant);
    expect((await p2c.payment(payment.id)).status).toBe('completed');
  });

  it('completes into the merchant’s held balance and frees it when the 24-hour dispute window closes', async () => {
    const { client, payment } = await pendingPayment();
    const merchant = await p2c.merchant();
    const feesBefore = await systemBalance(p2c.db(), 'USDT', 'fees');
    await p2c.take(payment.id, merchant);
    await p2c.complete(payment.id, merchant);

    expect(await userBalance(p2c.db(), client.userId, 'USDT')).toEqual({ available: twentyUsdt - total, held: 0n });
    expect(await userBalance(p2c.db(), merchant.userId, 'USDT')).toEqual({ available: 0n, held: amount });
    expect(await systemBalance(p2c.db(), 'USDT', 'fees')).toBe(feesBefore + fee);
    expect(ok(await client.send('GET', `/p2c/payments/${payment.id}`), clientAnswer).payment).toMatchObject({
      status: 'completed',
      method: 'qr-paid',
      completed_at: p2c.now().toISOString(),
      dispute_until: new Date(p2c.now().getTime() + day).toISOString(),
    });

    p2c.advance(day - 1);
    await p2c.runTimers();
    expect(await userBalance(p2c.db(), merchant.userId, 'USDT')).toEqual({ available: 0n, held: amount });

    p2c.advance(1);
    await p2c.runTimers();
    expect(await userBalance(p2c.db(), merchant.userId, 'USDT')).toEqual({ available: amount, held: 0n });
    expect(await p2c.payment(payment.id)).toMatchObject({ merchantHeld: '0', settledAt: p2c.now() });
    expectError(
      await client.send('POST', `/p2c/payments/${payment.id}/dispute`, { reason: 'shop_not_paid', message: 'Late' }),
      409,
      'dispute_window_closed',
    );
    expect(await ledgerViolations(p2c.db())).toEqual([]);
  });

  it('refunds a disputed payment: the merchant gives the amount back, the fee returns, the client has the whole total again', async () => {
    const { client, payment } = await pendingPayment();
    const merchant = await p2c.merchant();
    const feesBefore = await systemBalance(p2c.db(), 'USDT', 'fees');
    await p2c.take(payment.id, merchant);
    await p2c.complete(payment.id, merchant);
    p2c.advance(60 * minute);

    const disputed = ok(
      await client.send('POST', `/p2c/payments/${payment.id}/dispute`, {
        reason: 'shop_not_paid',
        message: 'The shop says it got nothing',
      }),
      p2cClientPayment,
    );
    expect(disputed).toMatchObject({
      status: 'disputed',
      dispute_until: null,
      dispute: { reason: 'shop_not_paid', message: 'The shop says it got nothing', resolution: null },
    });
    // The window's timer closed with the dispute: a day later nothing frees the merchant's money.
    p2c.advance(day);
    await p2c.runTimers();
    expect(await userBalance(p2c.db(), merchant.userId, 'USDT')).toEqual({ available: 0n, held: amount });

    await p2c.resolve(payment.id, 'refund');

    expect((await p2c.payment(payment.id)).status).toBe('refunded');
    expect(await userBalance(p2c.db(), client.userId, 'USDT')).toEqual({ available: twentyUsdt, held: 0n });
    expect(await userBalance(p2c.db(), merchant.userId, 'USDT')).toEqual({ available: 0n, held: 0n });
    expect(await systemBalance(p2c.db(), 'USDT', 'fees')).toBe(feesBefore);
    expect(ok(await merchant.send('GET', `/p2c/payments/${payment.id}`), merchantAnswer).payment).toMatchObject({
      status: 'refunded',
      dispute: { reason: 'shop_not_paid', resolution: { outcome: 'refund', note: 'Checked' } },
    });
    expect(await ledgerViolations(p2c.db())).toEqual([]);
  });

  it('confirms a disputed payment: completed again, the merchant’s amount freed at once', async () => {
    const { client, payment } = await pendingPayment();
    const merchant = await p2c.merchant();
    await p2c.take(payment.id, merchant);
    await p2c.complete(payment.id, merchant);
    ok(
      await client.send('POST', `/p2c/payments/${payment.id}/dispute`, { reason: 'other', message: 'Not sure' }),
      p2cClientPayment,
    );

    await p2c.resolve(payment.id, 'confirm');

    expect(await userBalance(p2c.db(), merchant.userId, 'USDT')).toEqual({ available: amount, held: 0n });
    expect(await userBalance(p2c.db(), client.userId, 'USDT')).toEqual({ available: twentyUsdt - total, held: 0n });
    expect(ok(await client.send('GET', `/p2c/payments/${payment.id}`), clientAnswer).payment).toMatchObject({
      status: 'completed',
      method: 'bank',
      dispute_until: null,
    });
  });

  it('refuses a dispute of a payment that is not completed', async () => {
    const { client, payment } = await pendingPayment();
    const data = expectError(
      await client.send('POST', `/p2c/payments/${payment.id}/dispute`, { reason: 'other', message: 'Too early' }),
      409,
      'payment_status_conflict',
    );
    expect(data).toEqual({ status: 'pending' });
  });

  it('shows the merchant what paying needs and never who the client is', async () => {
    const { client, code, payment } = await pendingPayment();
    const merchant = await p2c.merchant();
    await p2c.take(payment.id, merchant);

    const answer = ok(await merchant.send('GET', `/p2c/payments/${payment.id}`), merchantAnswer);

    expect(answer.payment).toMatchObject({
      status: 'processing',
      qr: { id: code.id, link: code.link, payee: { name: 'Coffee House', bank_name: 'Sberbank' } },
      fiat_amount: '1500',
      reward: amount.toString(),
      deadline_at: new Date(p2c.now().getTime() + 5 * minute).toISOString(),
      account: null,
      check: null,
    });
    expect(JSON.stringify(answer)).not.toContain(String(client.userId));
  });

  it('lists the wallet history’s P2C items: the client’s payment and refund, the merchant’s reward and its return', async () => {
    const { client, payment } = await pendingPayment();
    const merchant = await p2c.merchant();
    await p2c.take(payment.id, merchant);
    await p2c.complete(payment.id, merchant);
    ok(
      await client.send('POST', `/p2c/payments/${payment.id}/dispute`, { reason: 'wrong_amount', message: 'Twice' }),
      p2cClientPayment,
    );
    await p2c.resolve(payment.id, 'refund');

    const clientItems = ok(await client.send('GET', '/wallet/transactions'), walletTransactionPage).items.filter(
      (item) => item.type.startsWith('p2c'),
    );
    expect(clientItems.map((item) => [item.type, item.amount, item.fee, item.status])).toEqual([
      ['p2c_client_refund', total.toString(), '0', 'completed'],
      ['p2c_client', (-amount).toString(), fee.toString(), 'completed'],
    ]);
    const merchantItems = ok(await merchant.send('GET', '/wallet/transactions'), walletTransactionPage).items;
    expect(merchantItems.map((item) => [item.type, item.amount, item.fee, item.status])).toEqual([
      ['p2c_merchant_refund', (-amount).toString(), '0', 'completed'],
      ['p2c_merchant', amount.toString(), '0', 'completed'],
    ]);
    const paymentItem = clientItems[1];
    const detail = ok(
      await client.send('GET', `/wallet/transactions/qr_pay/${paymentItem?.id}`),
      walletTransactionDetail,
    );
    expect(detail).toMatchObject({ type: 'p2c_client', amount: (-amount).toString(), network: null });
    expectError(await merchant.send('GET', `/wallet/transactions/qr_pay/${paymentItem?.id}`), 404, 'not_found');
  });

  it('shows a pending payment in the history as processing, and an expired one as canceled with its refund', async () => {
    const { client, payment } = await pendingPayment();
    const items = async () =>
      ok(await client.send('GET', '/wallet/transactions'), walletTransactionPage).items.map((item) => [
        item.type,
        item.amount,
        item.status,
      ]);
    expect(await items()).toContainEqual(['p2c_client', (-amount).toString(), 'processing']);

    await p2c.db().update(p2cPaymentTimers).set({ dueAt: p2c.now() }).where(eq(p2cPaymentTimers.paymentId, payment.id));
    await p2c.runTimers();

    expect((await items()).slice(0, 2)).toEqual([
      ['p2c_client_refund', total.toString(), 'completed'],
      ['p2c_client', (-amount).toString(), 'canceled'],
    ]);
  });

  it('lists the payments of both roles with their filters and totals', async () => {
    const client = await p2c.client({ usdt: 2n * twentyUsdt });
    const payment = await p2c.paid(client, (await p2c.issueCode(150000n)).id);
    const merchant = await p2c.merchant();
    const second = await p2c.paid(client, (await p2c.issueCode(25050n)).id);
    await p2c.take(payment.id, merchant);
    const list = z.object({ data: z.array(p2cPaymentListItem), total: z.int(), cursor: z.nullable(z.string()) });

    const all = ok(await client.send('GET', '/p2c/payments'), list);
    expect(all.total).toBe(2);
    expect(all.data.map((item) => [item.id, item.role, item.status, item.fiat_amount])).toEqual([
      [second.id, 'client', 'pending', '250.5'],
      [payment.id, 'client', 'processing', '1500'],
    ]);
    const firstPage = ok(await client.send('GET', '/p2c/payments?size=1'), list);
    expect(firstPage).toMatchObject({ total: 2, cursor: String(second.id) });
    expect(ok(await client.send('GET', `/p2c/payments?size=1&cursor=${second.id}`), list).data[0]?.id).toBe(payment.id);
    expect(ok(await client.send('GET', '/p2c/payments?amount=250.5'), list).data.map((item) => item.id)).toEqual([
      second.id,
    ]);
    expect(ok(await client.send('GET', '/p2c/payments?status=processing'), list).total).toBe(1);
    // The test's clock starts on 24 November 2026.
    expect(ok(await client.send('GET', '/p2c/payments?end=2026-11-23'), list).total).toBe(0);
    expect(ok(await client.send('GET', '/p2c/payments?start=2026-11-24'), list).total).toBe(2);
    expect(ok(await merchant.send('GET', '/p2c/payments?role=merchant'), list).data).toEqual([
      expect.objectContaining({ id: payment.id, role: 'merchant', status: 'processing', amount: amount.toString() }),
    ]);
    expect(ok(await merchant.send('GET', '/p2c/payments?role=client'), list).total).toBe(0);
  });
});

describe('P2C timers on two instances', () => {
  const p2c = p2cClientServer();

  /** A second server instance's own connection to the same database (PostgreSQL), or the same handle (PGlite). */
  async function secondInstance(): Promise<{ db: Database; close: () => Promise<void> }> {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl === undefined || adminUrl === '') return { db: p2c.db(), close: async () => {} };
    const [current] = await p2c.db().select({ name: sql<string>`current_database()` }).from(p2cPayments).limit(1);
    const url = new URL(adminUrl);
    url.pathname = `/${current?.name ?? ''}`;
    const handle = openPostgres(url.toString());
    return { db: handle.db, close: () => handle.close() };
  }

  it('runs each due timer exactly once when two instances pass over them at the same time', async () => {
    const client = await p2c.client({ usdt: 10n * twentyUsdt });
    const payments = [];
    for (let index = 0; index < 4; index += 1) payments.push(await p2c.paid(client, (await p2c.issueCode(150000n)).id));
    p2c.advance(5 * minute);
    const other = await secondInstance();
    try {
      const live = inProcessLiveEvents();
      const [first, second] = await Promise.all([
        p2c.runTimers(),
        runDueP2cTimers({ db: other.db, paymentSystem: localPaymentSystem(other.db), live }, p2c.now()),
      ]);
      const ran = [...first, ...second].map((step) => step.paymentId);
      for (const payment of payments) expect(ran.filter((id) => id === payment.id)).toHaveLength(1);
    } finally {
      await other.close();
    }
    for (const payment of payments) {
      const releases = await p2c.db().select().from(ledgerJournals).where(eq(ledgerJournals.type, 'p2c_client_refund'));
      expect(releases.length).toBeGreaterThanOrEqual(payments.length);
      expect((await p2c.payment(payment.id)).status).toBe('expired');
    }
    expect(await userBalance(p2c.db(), client.userId, 'USDT')).toEqual({ available: 10n * twentyUsdt, held: 0n });
    expect(await p2c.runTimers()).toEqual([]);
    expect(await ledgerViolations(p2c.db())).toEqual([]);
  });
});
