/**
 * Paying a shop's QR code (docs/p2c.md "The quote", "Paying"): the lookup and its quote with
 * hand-worked figures, the hold of exactly the total, idempotency under 50 parallel repeats, the
 * refusals, and who may see a payment. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { p2cClientPayment, p2cQuote } from '../../src/contract/p2c';
import { ledgerJournals } from '../../src/server/db/schema/ledger';
import { p2cPaymentHistory, p2cPayments, p2cPaymentTimers } from '../../src/server/db/schema/p2c';
import { userSettings } from '../../src/server/db/schema/users';
import { verificationSteps } from '../../src/server/db/schema/verification';
import { ledgerViolations, userBalance } from './helpers/ledger';
import { p2cClientServer, uniqueHash } from './helpers/p2c-payments';
import { expectError, ok } from './helpers/security';

// USDT at 81 RUB: the client's rate is 81 × 0.98 = 79.38 RUB. 1,500 RUB is 150000 kopecks:
// 150000 × 10^18 / 7938 = 18.896447467876… USDT, rounded up to the millionth the screens show:
// amount 18.896448; fee 1 % of it, 0.18896448, up to the millionth: 0.188965; total 19.085413
// (worked out by hand).
const amount1500 = 18_896448_000000_000000n;
const fee1500 = 188965_000000_000000n;
const total1500 = 19_085413_000000_000000n;
const twentyUsdt = 20n * 10n ** 18n;

describe('P2C: looking a code up', () => {
  const p2c = p2cClientServer();

  it('answers the payee, the roubles and a 30-second quote at the reference price less 2 %', async () => {
    const client = await p2c.client();
    const code = await p2c.issueCode(150000n);

    const answer = await p2c.lookup(client, code.id);

    expect(answer.qr).toEqual({
      id: code.id,
      type: 'nspk',
      payee: { name: 'Coffee House', bank_name: 'Sberbank' },
      fiat_amount: '1500',
      fiat: 'RUB',
      purpose: 'Order 17',
      state: 'payable',
    });
    expect(answer.quote).toMatchObject({
      asset: 'USDT',
      rate: '79.38',
      amount: amount1500.toString(),
      fee: fee1500.toString(),
      total: total1500.toString(),
      expires_at: '2026-11-24T12:00:30.000Z',
    });
    expect(answer.payment_id).toBeNull();
  });

  it('quotes TON at 400 RUB as 392 RUB a coin, rounded up to the nanoton', async () => {
    const client = await p2c.client();
    const code = await p2c.issueCode(150000n);

    // ceil(150000 × 10^9 / 39200) = 3826530613; fee ceil(38265306.13) = 38265307.
    expect((await p2c.lookup(client, code.id, 'TON')).quote).toMatchObject({
      rate: '392',
      amount: '3826530613',
      fee: '38265307',
      total: '3864795920',
    });
  });

  it('answers no quote for a code that is already paid', async () => {
    const client = await p2c.client();
    const code = await p2c.issueCode(150000n);
    await p2c.markCodePaid(code.id);

    const answer = await p2c.lookup(client, code.id);

    expect(answer.qr.state).toBe('paid');
    expect(answer.quote).toBeNull();
  });

  it('refuses an unknown code with 404 qr_not_found', async () => {
    const client = await p2c.client();
    expectError(await client.send('GET', '/p2c/qr/AS0000000UNKNOWN00000'), 404, 'qr_not_found');
  });

  it('refuses codes under 100 or over 100,000 roubles with their limits', async () => {
    const client = await p2c.client();
    for (const kopecks of [9999n, 10000001n]) {
      const code = await p2c.issueCode(kopecks);
      expect(expectError(await client.send('GET', `/p2c/qr/${code.id}`), 422, 'qr_amount_out_of_range')).toEqual({
        min: '100',
        max: '100000',
      });
    }
  });
});

describe('P2C: paying a code', () => {
  const p2c = p2cClientServer();

  it('holds exactly the total and creates the payment pending with its 5-minute deadline', async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    const code = await p2c.issueCode(150000n);

    const payment = await p2c.paid(client, code.id);

    expect(payment).toMatchObject({
      qr_id: code.id,
      status: 'pending',
      method: 'balance',
      fiat_amount: '1500',
      asset: 'USDT',
      rate: '79.38',
      amount: amount1500.toString(),
      fee: fee1500.toString(),
      total: total1500.toString(),
      deadline_at: '2026-11-24T12:05:00.000Z',
      completed_at: null,
      dispute_until: null,
      dispute: null,
    });
    expect(await userBalance(p2c.db(), client.userId, 'USDT')).toEqual({
      available: twentyUsdt - total1500,
      held: total1500,
    });
    const history = await p2c.db().select().from(p2cPaymentHistory).where(eq(p2cPaymentHistory.paymentId, payment.id));
    expect(history.map((row) => [row.fromStatus, row.toStatus, row.actor])).toEqual([[null, 'pending', 'client']]);
    expect(p2c.liveEvents).toContainEqual({ kind: 'added', paymentId: payment.id });
    expect(await ledgerViolations(p2c.db())).toEqual([]);
  });

  it('makes one payment and one hold from 50 parallel repeats of one unique_hash', async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    const code = await p2c.issueCode(150000n);
    const { quote } = await p2c.lookup(client, code.id);
    const hash = uniqueHash();
    const body = { asset: 'USDT', quote_id: quote?.id, unique_hash: hash, token: await p2c.token(client, hash) };

    const responses = await Promise.all(
      Array.from({ length: 50 }, () => client.send('POST', `/p2c/qr/${code.id}/pay`, body)),
    );

    const ids = responses.map((response) => ok(response, p2cClientPayment).id);
    expect(new Set(ids).size).toBe(1);
    const rows = await p2c.db().select().from(p2cPayments).where(eq(p2cPayments.clientId, client.userId));
    expect(rows).toHaveLength(1);
    const holds = await p2c
      .db()
      .select()
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.operationId, rows[0]?.operationId ?? ''), eq(ledgerJournals.step, 'hold')));
    expect(holds).toHaveLength(1);
    expect(await userBalance(p2c.db(), client.userId, 'USDT')).toEqual({
      available: twentyUsdt - total1500,
      held: total1500,
    });
  });

  it('refuses the same unique_hash with another quote as a duplicate request', async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    const code = await p2c.issueCode(150000n);
    const hash = uniqueHash();
    const first = (await p2c.lookup(client, code.id)).quote?.id;
    ok(
      await client.send('POST', `/p2c/qr/${code.id}/pay`, {
        asset: 'USDT',
        quote_id: first,
        unique_hash: hash,
        token: await p2c.token(client, hash),
      }),
      p2cClientPayment,
    );
    p2c.advance(1000);
    const second = (await p2c.lookup(client, code.id)).quote?.id ?? 'none';

    expectError(
      await client.send('POST', `/p2c/qr/${code.id}/pay`, {
        asset: 'USDT',
        quote_id: second,
        unique_hash: hash,
        token: await p2c.token(client, hash),
      }),
      409,
      'duplicate_request',
    );
  });

  it('answers an expired quote with quote_expired and a fresh quote, and holds nothing', async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    const code = await p2c.issueCode(150000n);
    const { quote } = await p2c.lookup(client, code.id);
    p2c.advance(30_000);
    const hash = uniqueHash();

    const data = expectError(
      await client.send('POST', `/p2c/qr/${code.id}/pay`, {
        asset: 'USDT',
        quote_id: quote?.id,
        unique_hash: hash,
        token: await p2c.token(client, hash),
      }),
      409,
      'quote_expired',
    );

    const fresh = z.parse(z.object({ quote: p2cQuote }), data).quote;
    expect(fresh.total).toBe(total1500.toString());
    expect(Date.parse(fresh.expires_at)).toBe(p2c.now().getTime() + 30_000);
    expect(await userBalance(p2c.db(), client.userId, 'USDT')).toEqual({ available: twentyUsdt, held: 0n });
  });

  it('refuses a quote whose figures were altered', async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    const code = await p2c.issueCode(150000n);
    const { quote } = await p2c.lookup(client, code.id);
    const [payload = '', signature = ''] = (quote?.id ?? '').split('.');
    const terms = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    terms[5] = '1';
    const forged = `${Buffer.from(JSON.stringify(terms)).toString('base64url')}.${signature}`;
    const hash = uniqueHash();

    expectError(
      await client.send('POST', `/p2c/qr/${code.id}/pay`, {
        asset: 'USDT',
        quote_id: forged,
        unique_hash: hash,
        token: await p2c.token(client, hash),
      }),
      409,
      'quote_expired',
    );
  });

  it('refuses a balance short of the total with insufficient_funds and what is available', async () => {
    const client = await p2c.client({ usdt: total1500 - 1n });
    const code = await p2c.issueCode(150000n);

    const data = expectError(await p2c.pay(client, code.id), 422, 'insufficient_funds');

    expect(data).toEqual({ available: (total1500 - 1n).toString() });
    expect(await userBalance(p2c.db(), client.userId, 'USDT')).toEqual({ available: total1500 - 1n, held: 0n });
  });

  it('refuses a token bound to another operation, and spends it', async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    const code = await p2c.issueCode(150000n);
    const { quote } = await p2c.lookup(client, code.id);
    const token = await p2c.token(client, uniqueHash());

    expectError(
      await client.send('POST', `/p2c/qr/${code.id}/pay`, {
        asset: 'USDT',
        quote_id: quote?.id,
        unique_hash: uniqueHash(),
        token,
      }),
      403,
      'invalid_token',
    );
    expect(await userBalance(p2c.db(), client.userId, 'USDT')).toEqual({ available: twentyUsdt, held: 0n });
  });

  it('says can_create_p2c_order in the settings: true with the p2c-client level, false once blocked', async () => {
    const client = await p2c.client();
    const permissions = async () =>
      ok(await client.send('GET', '/user/settings'), z.object({ permissions: z.record(z.string(), z.boolean()) }))
        .permissions.can_create_p2c_order;
    expect(await permissions()).toBe(true);

    await p2c.db().update(userSettings).set({ complianceLock: true }).where(eq(userSettings.userId, client.userId));

    expect(await permissions()).toBe(false);
    expectError(await p2c.pay(client, (await p2c.issueCode(150000n)).id), 403, 'p2c_pay_forbidden');
  });

  it('refuses a person without the p2c-client level with p2c_pay_forbidden', async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    await p2c.db().delete(verificationSteps).where(eq(verificationSteps.userId, client.userId));
    const code = await p2c.issueCode(150000n);

    expectError(await p2c.pay(client, code.id), 403, 'p2c_pay_forbidden');
  });

  it('lets a code be paid through one payment at a time, and a rescan opens the payer’s own', async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    const other = await p2c.client({ usdt: twentyUsdt });
    const code = await p2c.issueCode(150000n);
    const payment = await p2c.paid(client, code.id);

    expect(await p2c.lookup(client, code.id)).toMatchObject({ quote: null, payment_id: payment.id });
    expect(await p2c.lookup(other, code.id)).toMatchObject({ quote: null, payment_id: null });
    expectError(await p2c.pay(other, code.id), 409, 'qr_not_payable');
  });

  it('shows a payment to its client only: another person gets 404 for it', async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    const stranger = await p2c.client();
    const code = await p2c.issueCode(150000n);
    const payment = await p2c.paid(client, code.id);

    expect(ok(await client.send('GET', `/p2c/payments/${payment.id}`), z.object({ role: z.string() })).role).toBe(
      'client',
    );
    expectError(await stranger.send('GET', `/p2c/payments/${payment.id}`), 404, 'payment_not_found');
    expectError(
      await stranger.send('POST', `/p2c/payments/${payment.id}/dispute`, { reason: 'other', message: 'Mine?' }),
      404,
      'payment_not_found',
    );
  });

  it('has a timer row due in 5 minutes for a new payment', async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    const code = await p2c.issueCode(150000n);
    const payment = await p2c.paid(client, code.id);

    const timers = await p2c.db().select().from(p2cPaymentTimers).where(eq(p2cPaymentTimers.paymentId, payment.id));
    expect(timers.map((timer) => [timer.kind, timer.dueAt.toISOString(), timer.doneAt])).toEqual([
      ['pending', new Date(p2c.now().getTime() + 300_000).toISOString(), null],
    ]);
  });
});
