import { describe, expect, it } from 'vitest';
import { order } from '../../src/contract/p2p-orders';
import { userBalance } from './helpers/ledger';
import { disputeServer } from './helpers/p2p-dispute-setup';
import { usdt } from './helpers/p2p-offers';
import { ok } from './helpers/security';

const origin = 'http://localhost';

describe("support's local disputes page", () => {
  const market = disputeServer({ localMode: true });
  const page = (url: string, language = 'en') =>
    market.server().app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
  const decide = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    market.server().app.inject({
      method: 'POST',
      url: '/local/operator/disputes',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  async function disputedWithReceipt() {
    const pending = await market.pendingOrder();
    const receipt = await market.upload(pending.seller, pending.orderId);
    ok(
      await pending.seller.send('POST', `/p2p/orders/${pending.orderId}/dispute`, {
        reason: 'payment_not_received',
        message: 'Nothing reached my card ending 4417.',
        file_ids: [receipt.id],
      }),
      order,
    );
    return { ...pending, receipt };
  }

  it('lists the open dispute and shows both sides, the files and the history, in English and Russian', async () => {
    const { orderId, seller, buyer, receipt } = await disputedWithReceipt();

    const listed = await page('/local/operator/disputes');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain('<script');
    expect(listed.body).toContain(`Order #${orderId}</a> · Payment not received · Seller · 2000 RUB · no answer yet`);

    const shown = await page(`/local/operator/disputes?order_id=${orderId}`);
    expect(shown.body).toContain('Nothing reached my card ending 4417.');
    expect(shown.body).toContain(`id ${seller.userId} · maker`);
    expect(shown.body).toContain(`id ${buyer.userId}`);
    expect(shown.body).toContain(`/local/operator/disputes/file?order_id=${orderId}&amp;file_id=${receipt.id}`);
    expect(shown.body).toContain('Accepted → Paid, waiting for the seller · buyer');
    expect(shown.body).toContain('Paid, waiting for the seller → Disputed · seller · Payment not received');
    expect(shown.body).toContain('<dd>2000 RUB · 25 USDT</dd>');
    expect(shown.body).toContain('<dd>0.25 USDT</dd>');
    expect(shown.body).toContain('Release to the buyer');

    const file = await page(`/local/operator/disputes/file?order_id=${orderId}&file_id=${receipt.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const elsewhere = await page(`/local/operator/disputes/file?order_id=${orderId + 1}&file_id=${receipt.id}`);
    expect(elsewhere.statusCode).toBe(404);

    const russian = await page(`/local/operator/disputes?order_id=${orderId}`, 'ru-RU,ru;q=0.9');
    expect(russian.body).toContain('Споры P2P (локально)');
    expect(russian.body).toContain('Передать покупателю');
  });

  it('releases to the buyer with a note, and then shows the decision instead of the form', async () => {
    const { orderId, buyer } = await disputedWithReceipt();

    const decided = await decide({
      order_id: String(orderId),
      outcome: 'release',
      at_fault: 'seller',
      note: 'Receipt checked.',
    });

    expect(decided.statusCode).toBe(303);
    expect(await userBalance(market.db(), buyer.userId, 'USDT')).toEqual({ available: usdt(25), held: 0n });
    const shown = await page(`/local/operator/disputes?order_id=${orderId}`);
    expect(shown.body).toContain('Released to the buyer · At fault: Seller');
    expect(shown.body).toContain('Receipt checked.');
    expect(shown.body).not.toContain('Release to the buyer');
    const again = await decide({ order_id: String(orderId), outcome: 'return', at_fault: '', note: 'Twice.' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a decision without a note, or posted from another site, and moves nothing', async () => {
    const { orderId, buyer } = await disputedWithReceipt();

    const noNote = await decide({ order_id: String(orderId), outcome: 'release', at_fault: '', note: '' });
    const crossSite = await decide(
      { order_id: String(orderId), outcome: 'release', at_fault: '', note: 'Paid.' },
      { origin: 'https://evil.example' },
    );

    expect(noNote.statusCode).toBe(400);
    expect(noNote.body).toContain('Write a note of 1 to 1000 characters');
    expect(crossSite.statusCode).toBe(403);
    expect(await userBalance(market.db(), buyer.userId, 'USDT')).toEqual({ available: 0n, held: 0n });
  });
});
