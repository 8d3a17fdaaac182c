import { describe, expect, it } from 'vitest';
import { p2cAccount, p2cClientPayment } from '../../src/contract/p2c';
import { userBalance } from './helpers/ledger';
import { completedPayment } from './helpers/p2c-merchant-flow';
import { freshCardNumber, p2cTestServer } from './helpers/p2c-merchants';
import { usdt } from './helpers/p2p-offers';
import { ok } from './helpers/security';

const origin = 'http://localhost';

describe("support's local P2C pages", () => {
  const p2c = p2cTestServer({ localMode: true });
  const page = (url: string, language = 'en') =>
    p2c.server().app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    p2c.server().app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  async function submittedAccount() {
    const merchant = await p2c.merchant();
    const created = ok(
      await merchant.send('POST', '/p2c/accounts', {
        kind: 'card',
        bank_id: 'alfa',
        number: freshCardNumber(),
        holder_name: 'OLGA SIDOROVA',
      }),
      p2cAccount,
    );
    const withDocument = await p2c.uploadDocument(merchant, created.id);
    ok(await merchant.send('POST', `/p2c/accounts/${created.id}/submit`), p2cAccount);
    return { merchant, account: created, documentId: withDocument.documents[0]?.id ?? '' };
  }

  it('is reached from the compliance operator page', async () => {
    const operator = await page('/local/operator');
    expect(operator.body).toContain('<a href="/local/operator/p2c-accounts">P2C payment accounts</a>');
    expect(operator.body).toContain('<a href="/local/operator/p2c-payments">P2C payments</a>');
    expect((await page('/local/operator', 'ru')).body).toContain(
      '<a href="/local/operator/p2c-payments">Платежи P2C</a>',
    );
  });

  it('lists a submitted account and shows it whole with its document, in English and Russian', async () => {
    const { merchant, account, documentId } = await submittedAccount();

    const listed = await page('/local/operator/p2c-accounts');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain('<script');
    expect(listed.body).toContain(`Account #${account.id}</a> · Submitted · Alfa-Bank ··${account.number.slice(-4)}`);

    const shown = await page(`/local/operator/p2c-accounts?account_id=${account.id}`);
    expect(shown.body).toContain(`<dd>${account.number}</dd>`);
    expect(shown.body).toContain('<dd>OLGA SIDOROVA</dd>');
    expect(shown.body).toContain(`id ${merchant.userId}`);
    expect(shown.body).toContain(
      `/local/operator/p2c-accounts/file?account_id=${account.id}&amp;file_id=${documentId}`,
    );
    expect(shown.body).toContain('Start review');
    const file = await page(`/local/operator/p2c-accounts/file?account_id=${account.id}&file_id=${documentId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(
      (await page(`/local/operator/p2c-accounts/file?account_id=${account.id + 1}&file_id=${documentId}`)).statusCode,
    ).toBe(404);

    const russian = await page(`/local/operator/p2c-accounts?account_id=${account.id}`, 'ru-RU,ru;q=0.9');
    expect(russian.body).toContain('Счета P2C (локально)');
    expect(russian.body).toContain('Отправлен на проверку');
    expect(russian.body).toContain('Одобрить');
  });

  it('approves an account from the page with a note, and refuses a post from another site', async () => {
    const { merchant, account } = await submittedAccount();
    const crossSite = await post(
      '/local/operator/p2c-accounts',
      { account_id: String(account.id), decision: 'approve', note: '' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);

    const decided = await post('/local/operator/p2c-accounts', {
      account_id: String(account.id),
      decision: 'approve',
      note: 'Statement checked',
    });
    expect(decided.statusCode).toBe(303);
    expect(ok(await merchant.send('GET', `/p2c/accounts/${account.id}`), p2cAccount)).toMatchObject({
      status: 'active',
      note: 'Statement checked',
    });
    const again = await post('/local/operator/p2c-accounts', {
      account_id: String(account.id),
      decision: 'reject',
      note: '',
    });
    expect(again.statusCode).toBe(409);
  });

  it('shows a disputed payment’s both sides, receipt and history, and refunds it with a note', async () => {
    const paid = await completedPayment(p2c);
    ok(
      await paid.client.send('POST', `/p2c/payments/${paid.paymentId}/dispute`, {
        reason: 'wrong_amount',
        message: 'The shop got 150 RUB, not 1500',
      }),
      p2cClientPayment,
    );

    const listed = await page('/local/operator/p2c-payments');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain('<script');
    expect(listed.body).toContain(
      `Payment #${paid.paymentId}</a> · Disputed · 1500 RUB · Coffee House · Wrong amount paid`,
    );
    const shown = await page(`/local/operator/p2c-payments?payment_id=${paid.paymentId}`);
    expect(shown.body).toContain(`Zinaida Klientova <span class="hint">id ${paid.client.userId}</span>`);
    expect(shown.body).toContain(`id ${paid.merchant.userId}`);
    expect(shown.body).toContain('<dd>19.089 USDT</dd>');
    expect(shown.body).toContain('<dd>18.9 USDT</dd>');
    expect(shown.body).toContain('<dd>0.189 USDT</dd>');
    expect(shown.body).toContain(`/local/operator/p2c-payments/check?payment_id=${paid.paymentId}`);
    expect(shown.body).toContain('The shop got 150 RUB, not 1500');
    expect(shown.body).toContain('Waiting for a merchant → Merchant paying · merchant');
    expect(shown.body).toContain('Merchant paying → Completed · merchant');
    const receipt = await page(`/local/operator/p2c-payments/check?payment_id=${paid.paymentId}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('image/png');
    const russian = await page(`/local/operator/p2c-payments?payment_id=${paid.paymentId}`, 'ru');
    expect(russian.body).toContain('Вернуть клиенту');

    const noNote = await post('/local/operator/p2c-payments', {
      payment_id: String(paid.paymentId),
      outcome: 'refund',
      note: '',
    });
    expect(noNote.statusCode).toBe(400);
    const refunded = await post('/local/operator/p2c-payments', {
      payment_id: String(paid.paymentId),
      outcome: 'refund',
      note: 'Wrong amount confirmed by the shop',
    });
    expect(refunded.statusCode).toBe(303);
    expect(await userBalance(p2c.db(), paid.client.userId, 'USDT')).toEqual({ available: usdt(100), held: 0n });
    const decided = await page(`/local/operator/p2c-payments?payment_id=${paid.paymentId}`);
    expect(decided.body).toContain('Refunded to the client');
    expect(decided.body).not.toContain('Refund the client');
  });
});
