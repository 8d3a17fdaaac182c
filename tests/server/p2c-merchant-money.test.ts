import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { operatorP2cPayment, p2cClientPayment } from '../../src/contract/p2c';
import { p2cPayments, p2cPaymentTimers } from '../../src/server/db/schema/p2c';
import { systemBalance, userBalance } from './helpers/ledger';
import { type CompletedPayment, completedPayment } from './helpers/p2c-merchant-flow';
import { type P2cTestServer, p2cTestServer } from './helpers/p2c-merchants';
import { usdt } from './helpers/p2p-offers';
import { expectError, ok } from './helpers/security';

const operatorPayments = z.object({ payments: z.array(operatorP2cPayment) });

async function dispute(p2c: P2cTestServer, paid: CompletedPayment) {
  ok(
    await paid.client.send('POST', `/p2c/payments/${paid.paymentId}/dispute`, {
      reason: 'shop_not_paid',
      message: 'The shop says nothing arrived',
    }),
    p2cClientPayment,
  );
  return p2c.support();
}

describe('The money of a P2C payment on the merchant’s side', () => {
  const p2c = p2cTestServer();

  it('marks paid: the client’s held 19.089 USDT becomes the merchant’s held 18.9 and the fee’s 0.189, for 24 hours', async () => {
    const paid = await completedPayment(p2c);
    expect(await userBalance(p2c.db(), paid.client.userId, 'USDT')).toEqual({
      available: usdt('80.911'),
      held: 0n,
    });
    expect(await userBalance(p2c.db(), paid.merchant.userId, 'USDT')).toEqual({ available: 0n, held: usdt('18.9') });
    expect((await systemBalance(p2c.db(), 'USDT', 'fees')) - paid.feesBefore).toBe(usdt('0.189'));

    const [row] = await p2c.db().select().from(p2cPayments).where(eq(p2cPayments.id, paid.paymentId));
    expect(row).toMatchObject({ status: 'completed', escrow: '0', merchantHeld: '18900000000000000000' });
    const [timer] = await p2c
      .db()
      .select()
      .from(p2cPaymentTimers)
      .where(and(eq(p2cPaymentTimers.paymentId, paid.paymentId), isNull(p2cPaymentTimers.doneAt)));
    expect(timer?.kind).toBe('dispute_window');
    expect(timer?.dueAt.getTime()).toBe((row?.completedAt?.getTime() ?? 0) + 24 * 3_600_000);
    expectError(
      await paid.merchant.send('POST', `/p2c/payments/${paid.paymentId}/paid`, { account_id: paid.merchant.accountId }),
      409,
      'payment_status_conflict',
    );
  });

  it('refunds a disputed payment by support: the client has all 100 USDT again, the merchant nothing, the fee returned', async () => {
    const paid = await completedPayment(p2c);
    const support = await dispute(p2c, paid);
    const waiting = ok(await support.send('GET', '/operator/p2c/payments'), operatorPayments).payments;
    const listed = waiting.find((item) => item.id === paid.paymentId);
    expect(listed).toMatchObject({
      client: { user_id: paid.client.userId },
      merchant: { user_id: paid.merchant.userId },
      client_view: { status: 'disputed', total: '19089000000000000000' },
      merchant_view: { status: 'disputed', reward: '18900000000000000000', check: { name: 'receipt.png' } },
    });

    const decided = ok(
      await support.send('POST', `/operator/p2c/payments/${paid.paymentId}/resolve`, {
        outcome: 'refund',
        note: 'The shop confirms nothing arrived',
      }),
      operatorP2cPayment,
    );
    expect(decided.client_view.status).toBe('refunded');
    expect(decided.history.map((entry) => `${entry.from ?? '-'}>${entry.to}:${entry.actor}`)).toEqual([
      '->pending:client',
      'pending>processing:merchant',
      'processing>processing:merchant',
      'processing>completed:merchant',
      'completed>disputed:client',
      'disputed>refunded:support',
    ]);
    expect(await userBalance(p2c.db(), paid.client.userId, 'USDT')).toEqual({ available: usdt(100), held: 0n });
    expect(await userBalance(p2c.db(), paid.merchant.userId, 'USDT')).toEqual({ available: 0n, held: 0n });
    expect(await systemBalance(p2c.db(), 'USDT', 'fees')).toBe(paid.feesBefore);
    expectError(
      await support.send('POST', `/operator/p2c/payments/${paid.paymentId}/resolve`, { outcome: 'confirm', note: 'x' }),
      409,
      'payment_status_conflict',
    );
  });

  it('confirms a disputed payment by support: the merchant’s 18.9 USDT become available', async () => {
    const paid = await completedPayment(p2c);
    const support = await dispute(p2c, paid);
    ok(
      await support.send('POST', `/operator/p2c/payments/${paid.paymentId}/resolve`, {
        outcome: 'confirm',
        note: 'The bank statement shows the payment',
      }),
      operatorP2cPayment,
    );
    expect(await userBalance(p2c.db(), paid.merchant.userId, 'USDT')).toEqual({ available: usdt('18.9'), held: 0n });
    expect(await userBalance(p2c.db(), paid.client.userId, 'USDT')).toEqual({ available: usdt('80.911'), held: 0n });
    const resolved = ok(await support.send('GET', '/operator/p2c/payments?state=resolved'), operatorPayments).payments;
    expect(resolved.find((item) => item.id === paid.paymentId)?.client_view.dispute?.resolution).toMatchObject({
      outcome: 'confirm',
      note: 'The bank statement shows the payment',
    });
  });

  it('hands support the receipt as a download and hides the payments API from anyone else', async () => {
    const paid = await completedPayment(p2c);
    const file = await p2c.server().app.inject({
      method: 'GET',
      url: `/api/v1/operator/p2c/payments/${paid.paymentId}/check`,
      headers: { authorization: `Bearer ${p2c.support().token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await paid.merchant.send('GET', `/operator/p2c/payments/${paid.paymentId}`)).statusCode).toBe(404);
    expect((await paid.client.send('GET', '/operator/p2c/payments')).statusCode).toBe(404);
  });
});
