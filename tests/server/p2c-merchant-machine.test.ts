/**
 * The app's merchantPayment machine (machines/merchantPayment.machine.ts) driven against the real
 * server (issue 14, TESTING.md "drive the real server with the machine's paths"): its take and
 * mark-paid actors call the API through `app.inject`, and after each path the database says what
 * must hold, written by hand. Paths: take, receipt, account, paid → completed; a take lost to
 * another merchant; a fourth take refused; mark paid refused for a missing receipt and for an
 * account that is not active, each leaving the payment as it was.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import * as z from 'zod/mini';
import {
  type MarkPaidInput,
  type MerchantPaymentInput,
  merchantPaymentMachine,
  type PaymentAnswer,
  type TakeInput,
} from '../../machines/merchantPayment.machine';
import { p2cAccount, p2cCheck, p2cMerchantPayment } from '../../src/contract/p2c';
import { p2cPayments } from '../../src/server/db/schema/p2c';
import {
  coffeeTerms,
  fundedClient,
  type Merchant,
  merchantWithAccount,
  uploadCheck,
} from './helpers/p2c-merchant-flow';
import { p2cTestServer } from './helpers/p2c-merchants';
import { ok } from './helpers/security';

const merchantPayment = z.object({ status: z.string(), check: z.nullable(z.object({ id: z.string() })) });
const errorBody = z.object({ code: z.string() });

describe('The merchant’s payment flow against the real server', () => {
  const p2c = p2cTestServer();

  /** The machine with actors calling the server as `who`, as the app's do (a refusal rejects with its status and code). */
  function flowOf(who: Merchant, input: MerchantPaymentInput) {
    const answer = async (response: { statusCode: number; json: () => unknown }): Promise<PaymentAnswer> => {
      if (response.statusCode !== 200) {
        throw { status: response.statusCode, reason: z.parse(errorBody, response.json()).code };
      }
      const payment = z.parse(merchantPayment, response.json());
      return { status: z.parse(p2cMerchantPayment.shape.status, payment.status), hasCheck: payment.check !== null };
    };
    const machine = merchantPaymentMachine.provide({
      actors: {
        take: fromPromise<PaymentAnswer, TakeInput>(async ({ input: take }) =>
          answer(await who.send('POST', `/p2c/payments/take/${take.paymentId}`)),
        ),
        markPaid: fromPromise<PaymentAnswer, MarkPaidInput>(async ({ input: paid }) =>
          answer(await who.send('POST', `/p2c/payments/${paid.paymentId}/paid`, { account_id: paid.accountId })),
        ),
      },
    });
    return createActor(machine, { input }).start();
  }

  async function row(paymentId: number) {
    const [found] = await p2c.db().select().from(p2cPayments).where(eq(p2cPayments.id, paymentId));
    return found;
  }

  const settled = (actor: ReturnType<typeof flowOf>) => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));

  it('take, receipt, account, paid: the payment is completed by this merchant from that account', async () => {
    const client = await fundedClient(p2c);
    const merchant = await merchantWithAccount(p2c);
    const paymentId = await p2c.pendingPayment(client.userId, coffeeTerms);
    const flow = flowOf(merchant, { from: 'list' });
    flow.send({ type: 'list.changed', ids: [paymentId] });
    flow.send({ type: 'take.start', paymentId });
    flow.send({ type: 'take.confirm' });
    await settled(flow);
    expect(flow.getSnapshot().value).toBe('paying');
    expect((await row(paymentId))?.status).toBe('processing');
    expect((await row(paymentId))?.merchantId).toBe(merchant.userId);

    ok(await uploadCheck(p2c, merchant, paymentId), p2cCheck);
    flow.send({ type: 'check.uploaded' });
    flow.send({ type: 'account.choose', accountId: merchant.accountId });
    flow.send({ type: 'paid.start' });
    flow.send({ type: 'paid.confirm' });
    await settled(flow);
    expect(flow.getSnapshot().value).toBe('done');
    const completed = await row(paymentId);
    expect(completed?.status).toBe('completed');
    expect(completed?.accountId).toBe(merchant.accountId);
  });

  it('a payment another merchant took first: back on the list with payment_not_pending, the payment still the other’s', async () => {
    const client = await fundedClient(p2c);
    const first = await merchantWithAccount(p2c);
    const second = await merchantWithAccount(p2c);
    const paymentId = await p2c.pendingPayment(client.userId, coffeeTerms);
    ok(await first.send('POST', `/p2c/payments/take/${paymentId}`), p2cMerchantPayment);
    const flow = flowOf(second, { from: 'list' });
    flow.send({ type: 'list.changed', ids: [paymentId] });
    flow.send({ type: 'take.start', paymentId });
    flow.send({ type: 'take.confirm' });
    await settled(flow);
    expect(flow.getSnapshot().value).toBe('browsing');
    expect(flow.getSnapshot().context.error).toEqual({ call: 'take', status: 409, code: 'payment_not_pending' });
    expect((await row(paymentId))?.merchantId).toBe(first.userId);
  });

  it('a fourth payment while three are being paid: p2c_too_many_taken, the fourth still pending', async () => {
    const client = await fundedClient(p2c);
    const merchant = await merchantWithAccount(p2c);
    for (let index = 0; index < 3; index++) {
      const taken = await p2c.pendingPayment(client.userId, coffeeTerms);
      ok(await merchant.send('POST', `/p2c/payments/take/${taken}`), p2cMerchantPayment);
    }
    const fourth = await p2c.pendingPayment(client.userId, coffeeTerms);
    const flow = flowOf(merchant, { from: 'list' });
    flow.send({ type: 'list.changed', ids: [fourth] });
    flow.send({ type: 'take.start', paymentId: fourth });
    flow.send({ type: 'take.confirm' });
    await settled(flow);
    expect(flow.getSnapshot().context.error).toEqual({ call: 'take', status: 409, code: 'p2c_too_many_taken' });
    expect((await row(fourth))?.status).toBe('pending');
  });

  it('mark paid without a receipt on the server: check_required forgets the receipt; the payment stays processing', async () => {
    const client = await fundedClient(p2c);
    const merchant = await merchantWithAccount(p2c);
    const paymentId = await p2c.pendingPayment(client.userId, coffeeTerms);
    ok(await merchant.send('POST', `/p2c/payments/take/${paymentId}`), p2cMerchantPayment);
    // As if another tab had said a receipt was in.
    const flow = flowOf(merchant, {
      from: 'payment',
      paymentId,
      facts: { status: 'processing', hasCheck: true },
      accountId: merchant.accountId,
    });
    flow.send({ type: 'paid.start' });
    flow.send({ type: 'paid.confirm' });
    await settled(flow);
    expect(flow.getSnapshot().value).toBe('paying');
    expect(flow.getSnapshot().context).toMatchObject({
      hasCheck: false,
      accountId: merchant.accountId,
      error: { call: 'paid', status: 422, code: 'check_required' },
    });
    expect((await row(paymentId))?.status).toBe('processing');
  });

  it('mark paid from an account turned off: account_not_active forgets the account; the payment stays processing', async () => {
    const client = await fundedClient(p2c);
    const merchant = await merchantWithAccount(p2c);
    const spare = await p2c.activeAccount(merchant);
    ok(await merchant.send('POST', `/p2c/accounts/${spare.id}/disable`), p2cAccount);
    const paymentId = await p2c.pendingPayment(client.userId, coffeeTerms);
    ok(await merchant.send('POST', `/p2c/payments/take/${paymentId}`), p2cMerchantPayment);
    ok(await uploadCheck(p2c, merchant, paymentId), p2cCheck);
    const flow = flowOf(merchant, {
      from: 'payment',
      paymentId,
      facts: { status: 'processing', hasCheck: true },
      accountId: spare.id,
    });
    flow.send({ type: 'paid.start' });
    flow.send({ type: 'paid.confirm' });
    await settled(flow);
    expect(flow.getSnapshot().context).toMatchObject({
      hasCheck: true,
      accountId: null,
      error: { call: 'paid', status: 422, code: 'account_not_active' },
    });
    expect((await row(paymentId))?.status).toBe('processing');
  });
});
