/**
 * P2C's local-mode control (docs/p2c.md "Local control for end-to-end runs") and the rate limits
 * of looking codes up and paying them.
 */
import { describe, expect, it, vi } from 'vitest';
import { localPaymentSystem } from '../../src/server/integrations/payment-system/local-payment-system';
import { inProcessLiveEvents } from '../../src/server/modules/p2c-payments/live-events';
import { startP2cTimersWorker } from '../../src/server/modules/p2c-payments/timers-worker';
import { userBalance } from './helpers/ledger';
import { p2cClientServer } from './helpers/p2c-payments';
import { expectError } from './helpers/security';

const twentyUsdt = 20n * 10n ** 18n;

describe('P2C local control: a payment’s timer due now', () => {
  const p2c = p2cClientServer({ localMode: true });

  it('makes the running timer due at once, so the timers worker’s next pass expires the payment', async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    const payment = await p2c.paid(client, (await p2c.issueCode(150000n)).id);
    expect(await p2c.runTimers()).toEqual([]);

    const response = await p2c
      .server()
      .app.inject({ method: 'POST', url: `/local/p2c/payments/${payment.id}/timer-due` });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payment_id: payment.id, kind: 'pending', due_at: p2c.now().toISOString() });
    // The worker main.ts starts, on the server's clock, does it within its next pass.
    const worker = startP2cTimersWorker({
      db: p2c.db(),
      paymentSystem: localPaymentSystem(p2c.db()),
      live: inProcessLiveEvents(),
      now: p2c.now,
    });
    try {
      await vi.waitFor(async () => expect((await p2c.payment(payment.id)).status).toBe('expired'), {
        timeout: 5000,
        interval: 100,
      });
    } finally {
      await worker.stop();
    }
    expect(await userBalance(p2c.db(), client.userId, 'USDT')).toEqual({ available: twentyUsdt, held: 0n });
  });

  it('answers 404 for a payment with no running timer', async () => {
    const response = await p2c.server().app.inject({ method: 'POST', url: '/local/p2c/payments/999999/timer-due' });
    expect(response.statusCode).toBe(404);
  });
});

describe('P2C outside local mode, with its rate limits', () => {
  const p2c = p2cClientServer({ rateLimited: true });

  it('has no local control', async () => {
    const response = await p2c.server().app.inject({ method: 'POST', url: '/local/p2c/payments/1/timer-due' });
    expect(response.statusCode).toBe(404);
  });

  it('refuses the 61st code lookup of a minute with 429', async () => {
    const client = await p2c.client();
    const code = await p2c.issueCode(150000n);
    for (let call = 0; call < 60; call += 1) {
      expect((await client.send('GET', `/p2c/qr/${code.id}`)).statusCode).toBe(200);
    }
    expectError(await client.send('GET', `/p2c/qr/${code.id}`), 429, 'rate_limited');
  });

  it('refuses the 31st payment attempt in 10 minutes with 429, repeats included', async () => {
    const client = await p2c.client();
    for (let call = 0; call < 30; call += 1) {
      const response = await client.send('POST', '/p2c/qr/AS000000000000000000/pay', {
        asset: 'USDT',
        quote_id: 'none',
        unique_hash: 'a'.repeat(64),
        token: 'not-a-real-passcode-token',
      });
      expect(response.statusCode).not.toBe(429);
    }
    expectError(
      await client.send('POST', '/p2c/qr/AS000000000000000000/pay', {
        asset: 'USDT',
        quote_id: 'none',
        unique_hash: 'a'.repeat(64),
        token: 'not-a-real-passcode-token',
      }),
      429,
      'rate_limited',
    );
  });
});
