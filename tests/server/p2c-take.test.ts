import { and, asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { p2cAccount, p2cCheck, p2cMerchantPayment } from '../../src/contract/p2c';
import { p2cPaymentHistory, p2cPayments, p2cPaymentTimers } from '../../src/server/db/schema/p2c';
import { creditUser } from './helpers/ledger';
import {
  coffeeTerms as coffee,
  fundedClient,
  type Merchant,
  merchantWithAccount,
  uploadCheck,
} from './helpers/p2c-merchant-flow';
import { p2cTestServer } from './helpers/p2c-merchants';
import { usdt } from './helpers/p2p-offers';
import { expectError, ok } from './helpers/security';

/** `GET /p2c/payments/{id}` as the merchant who took it. */
const p2cPaymentAnswer = z.object({ role: z.literal('merchant'), payment: p2cMerchantPayment });

describe('Taking a P2C payment', () => {
  const p2c = p2cTestServer();

  it('gives a payment twenty merchants take at once to exactly one; the other nineteen hear it is no longer pending', async () => {
    const payer = await fundedClient(p2c);
    const merchants: Merchant[] = [];
    for (let index = 0; index < 20; index++) merchants.push(await merchantWithAccount(p2c));
    const paymentId = await p2c.pendingPayment(payer.userId, coffee);

    const answers = await Promise.all(merchants.map((who) => who.send('POST', `/p2c/payments/take/${paymentId}`)));

    const winners = answers.flatMap((answer, index) => (answer.statusCode === 200 ? [merchants[index]] : []));
    expect(winners).toHaveLength(1);
    const losers = answers.filter((answer) => answer.statusCode !== 200);
    expect(losers).toHaveLength(19);
    for (const answer of losers) expectError(answer, 409, 'payment_not_pending');

    const [row] = await p2c.db().select().from(p2cPayments).where(eq(p2cPayments.id, paymentId));
    expect(row?.status).toBe('processing');
    expect(row?.merchantId).toBe(winners[0]?.userId);
    const timers = await p2c
      .db()
      .select()
      .from(p2cPaymentTimers)
      .where(and(eq(p2cPaymentTimers.paymentId, paymentId), isNull(p2cPaymentTimers.doneAt)));
    expect(timers.map((timer) => timer.kind)).toEqual(['processing']);
    expect(timers[0]?.dueAt.getTime()).toBe((row?.takenAt?.getTime() ?? 0) + 300_000);
    const history = await p2c
      .db()
      .select()
      .from(p2cPaymentHistory)
      .where(eq(p2cPaymentHistory.paymentId, paymentId))
      .orderBy(asc(p2cPaymentHistory.id));
    expect(history.map((entry) => [entry.fromStatus, entry.toStatus, entry.actor])).toEqual([
      [null, 'pending', 'client'],
      ['pending', 'processing', 'merchant'],
    ]);
    expect(p2c.liveEvents.filter((event) => event.paymentId === paymentId)).toEqual([{ kind: 'removed', paymentId }]);
  });

  it('lets a merchant hold at most three payments in processing', async () => {
    const payer = await fundedClient(p2c);
    const merchant = await merchantWithAccount(p2c);
    for (let index = 0; index < 3; index++) {
      const paymentId = await p2c.pendingPayment(payer.userId, coffee);
      ok(await merchant.send('POST', `/p2c/payments/take/${paymentId}`), p2cMerchantPayment);
    }
    const fourth = await p2c.pendingPayment(payer.userId, coffee);
    expectError(await merchant.send('POST', `/p2c/payments/take/${fourth}`), 409, 'p2c_too_many_taken');
    const [row] = await p2c.db().select().from(p2cPayments).where(eq(p2cPayments.id, fourth));
    expect(row?.status).toBe('pending');
  });

  it('gives one merchant taking twelve payments at once three of them, and refuses the other nine', async () => {
    const payer = await fundedClient(p2c);
    // Twelve payments of 19.089 USDT: 229.068 USDT in all.
    await creditUser(p2c.db(), { userId: payer.userId, asset: 'USDT', amount: usdt(200) });
    const merchant = await merchantWithAccount(p2c);
    const paymentIds: number[] = [];
    for (let index = 0; index < 12; index++) paymentIds.push(await p2c.pendingPayment(payer.userId, coffee));

    const answers = await Promise.all(paymentIds.map((id) => merchant.send('POST', `/p2c/payments/take/${id}`)));

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(9);
    for (const answer of refused) expectError(answer, 409, 'p2c_too_many_taken');
    const rows = await p2c.db().select().from(p2cPayments).where(eq(p2cPayments.merchantId, merchant.userId));
    expect(rows.map((row) => row.status)).toEqual(['processing', 'processing', 'processing']);
  });

  it('refuses a merchant without an active account, a client taking their own payment and an unknown id', async () => {
    const payer = await fundedClient(p2c);
    const paymentId = await p2c.pendingPayment(payer.userId, coffee);
    const withoutAccount = await p2c.merchant();
    expectError(await withoutAccount.send('POST', `/p2c/payments/take/${paymentId}`), 403, 'p2c_take_forbidden');

    const selfMerchant = await merchantWithAccount(p2c);
    await creditUser(p2c.db(), { userId: selfMerchant.userId, asset: 'USDT', amount: usdt(100) });
    const own = await p2c.pendingPayment(selfMerchant.userId, coffee);
    expectError(await selfMerchant.send('POST', `/p2c/payments/take/${own}`), 403, 'p2c_take_forbidden');
    expectError(await selfMerchant.send('POST', '/p2c/payments/take/999999'), 404, 'payment_not_found');
  });

  it('shows the merchant what paying needs and nothing of who the client is', async () => {
    const payer = await fundedClient(p2c);
    const merchant = await merchantWithAccount(p2c);
    const paymentId = await p2c.pendingPayment(payer.userId, coffee);

    const taken = await merchant.send('POST', `/p2c/payments/take/${paymentId}`);
    const view = ok(taken, p2cMerchantPayment);
    expect(view).toMatchObject({
      id: paymentId,
      status: 'processing',
      method: 'qr',
      fiat_amount: '1500',
      fiat: 'RUB',
      asset: 'USDT',
      reward: '18900000000000000000',
      qr: { type: 'nspk', payee: { name: 'Coffee House', bank_name: 'Sberbank' } },
      check: null,
      account: null,
    });
    const read = await merchant.send('GET', `/p2c/payments/${paymentId}`);
    for (const body of [taken.body, read.body]) {
      expect(body).not.toContain(String(payer.userId));
      expect(body).not.toContain('Zinaida');
      expect(body).not.toContain('Klientova');
      expect(body).not.toContain('zina_client');
      // The client's total and the service's fee are the client's business.
      expect(body).not.toContain('19089000000000000000');
    }
  });

  it('answers 404 for a payment another merchant took, whatever the call', async () => {
    const payer = await fundedClient(p2c);
    const taker = await merchantWithAccount(p2c);
    const other = await merchantWithAccount(p2c);
    const paymentId = await p2c.pendingPayment(payer.userId, coffee);
    ok(await taker.send('POST', `/p2c/payments/take/${paymentId}`), p2cMerchantPayment);

    expectError(await other.send('GET', `/p2c/payments/${paymentId}`), 404, 'payment_not_found');
    expectError(await uploadCheck(p2c, other, paymentId), 404, 'payment_not_found');
    expectError(
      await other.send('POST', `/p2c/payments/${paymentId}/paid`, { account_id: other.accountId }),
      404,
      'payment_not_found',
    );
  });

  it('refuses marking paid without a receipt, from a disabled account or from another merchant’s account', async () => {
    const payer = await fundedClient(p2c);
    const merchant = await merchantWithAccount(p2c);
    const stranger = await merchantWithAccount(p2c);
    const paymentId = await p2c.pendingPayment(payer.userId, coffee);
    ok(await merchant.send('POST', `/p2c/payments/take/${paymentId}`), p2cMerchantPayment);

    expectError(
      await merchant.send('POST', `/p2c/payments/${paymentId}/paid`, { account_id: merchant.accountId }),
      422,
      'check_required',
    );
    ok(await uploadCheck(p2c, merchant, paymentId), p2cCheck);
    expectError(
      await merchant.send('POST', `/p2c/payments/${paymentId}/paid`, { account_id: stranger.accountId }),
      404,
      'account_not_found',
    );
    ok(await merchant.send('POST', `/p2c/accounts/${merchant.accountId}/disable`), p2cAccount);
    expectError(
      await merchant.send('POST', `/p2c/payments/${paymentId}/paid`, { account_id: merchant.accountId }),
      422,
      'account_not_active',
    );
    const [row] = await p2c.db().select().from(p2cPayments).where(eq(p2cPayments.id, paymentId));
    expect(row?.status).toBe('processing');
  });

  it('keeps the latest receipt when the merchant uploads another', async () => {
    const payer = await fundedClient(p2c);
    const merchant = await merchantWithAccount(p2c);
    const paymentId = await p2c.pendingPayment(payer.userId, coffee);
    ok(await merchant.send('POST', `/p2c/payments/take/${paymentId}`), p2cMerchantPayment);
    ok(await uploadCheck(p2c, merchant, paymentId, 'first.pdf'), p2cCheck);
    const second = ok(await uploadCheck(p2c, merchant, paymentId, 'second.pdf'), p2cCheck);
    expect(second).toMatchObject({ name: 'second.pdf', media_type: 'application/pdf' });
    const view = ok(await merchant.send('GET', `/p2c/payments/${paymentId}`), p2cPaymentAnswer);
    expect(view.payment.check?.name).toBe('second.pdf');
  });
});
