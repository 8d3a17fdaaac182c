/**
 * What the P2C money functions must do at their edges, which the lifecycle tests reach only on
 * the happy path (`npm run mutate -- p2c-money`, docs/p2c.md "Tests and mutation"): each move is
 * idempotent (money already moved moves no more and posts no journal), a move without a merchant
 * posts nothing, settling answers the columns to write, and a quote is refused where the feed
 * cannot price it.
 */
import Decimal from 'decimal.js';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { ledgerJournals } from '../../src/server/db/schema/ledger';
import { p2cPayments } from '../../src/server/db/schema/p2c';
import type { PriceTable } from '../../src/server/integrations/prices/price-feed';
import { inTransaction } from '../../src/server/ledger/ledger';
import {
  completeEscrow,
  type PaymentRow,
  refundEscrow,
  refundFromMerchant,
  settleMerchant,
} from '../../src/server/modules/p2c-payments/escrow';
import { quoteTerms } from '../../src/server/modules/p2c-payments/quote';
import { userBalance } from './helpers/ledger';
import { completedPayment } from './helpers/p2c-merchant-flow';
import { p2cTestServer } from './helpers/p2c-merchants';
import { usdt } from './helpers/p2p-offers';

const now = new Date('2026-11-25T10:00:00.000Z');

async function journalCount(db: Database): Promise<number> {
  const [row] = await db.select({ journals: count() }).from(ledgerJournals);
  return row?.journals ?? 0;
}

async function paymentRow(db: Database, id: number): Promise<PaymentRow> {
  const [row] = await db.select().from(p2cPayments).where(eq(p2cPayments.id, id));
  if (row === undefined) throw new Error(`payment ${id} is missing`);
  return row;
}

function pricesOf(rubPerUsdt: string | null): PriceTable {
  const usdtPrices = new Map<string, Decimal>([['USD', new Decimal(1)]]);
  if (rubPerUsdt !== null) usdtPrices.set('RUB', new Decimal(rubPerUsdt));
  return { prices: new Map([['USDT', usdtPrices]]), sources: ['test'], observedAt: now };
}

describe('P2C money moves at their edges', () => {
  const p2c = p2cTestServer();

  it('moves nothing twice: a completed payment’s escrow is neither refunded nor completed again', async () => {
    const paid = await completedPayment(p2c);
    const row = await paymentRow(p2c.db(), paid.paymentId);
    expect(row.escrow).toBe('0');
    const before = await journalCount(p2c.db());

    expect(await inTransaction(p2c.db(), (tx) => refundEscrow(tx, row))).toEqual({});
    expect(await inTransaction(p2c.db(), (tx) => completeEscrow(tx, row, paid.merchant.userId))).toEqual({});

    expect(await journalCount(p2c.db())).toBe(before);
  });

  it('settles nothing that is not held, nor without a merchant, and answers the columns when it does', async () => {
    const paid = await completedPayment(p2c);
    const row = await paymentRow(p2c.db(), paid.paymentId);
    // The helper's terms give the merchant 18.9 USDT, held until the dispute window closes.
    expect(row.merchantHeld).toBe('18900000000000000000');
    const before = await journalCount(p2c.db());

    expect(await inTransaction(p2c.db(), (tx) => settleMerchant(tx, { ...row, merchantHeld: '0' }, now))).toEqual({});
    expect(await inTransaction(p2c.db(), (tx) => settleMerchant(tx, { ...row, merchantId: null }, now))).toEqual({});
    expect(await journalCount(p2c.db())).toBe(before);

    expect(await inTransaction(p2c.db(), (tx) => settleMerchant(tx, row, now))).toEqual({
      merchantHeld: '0',
      settledAt: now,
    });
    expect(await userBalance(p2c.db(), paid.merchant.userId, 'USDT')).toEqual({ available: usdt('18.9'), held: 0n });
  });

  it('refunds nothing from a merchant who holds nothing for it, or from no merchant', async () => {
    const paid = await completedPayment(p2c);
    const row = await paymentRow(p2c.db(), paid.paymentId);
    const before = await journalCount(p2c.db());

    expect(await inTransaction(p2c.db(), (tx) => refundFromMerchant(tx, { ...row, merchantHeld: '0' }, now))).toEqual(
      {},
    );
    expect(await inTransaction(p2c.db(), (tx) => refundFromMerchant(tx, { ...row, merchantId: null }, now))).toEqual(
      {},
    );

    expect(await journalCount(p2c.db())).toBe(before);
    expect(await userBalance(p2c.db(), paid.merchant.userId, 'USDT')).toEqual({ available: 0n, held: usdt('18.9') });
  });

  it('refunds from the merchant’s held amount and answers the columns: nothing held, settled now', async () => {
    const paid = await completedPayment(p2c);
    const row = await paymentRow(p2c.db(), paid.paymentId);

    expect(await inTransaction(p2c.db(), (tx) => refundFromMerchant(tx, row, now))).toEqual({
      merchantHeld: '0',
      settledAt: now,
    });
    expect(await userBalance(p2c.db(), paid.merchant.userId, 'USDT')).toEqual({ available: 0n, held: 0n });
    // The helper's client starts with 100 USDT: the amount and the fee are back.
    expect(await userBalance(p2c.db(), paid.client.userId, 'USDT')).toEqual({ available: usdt('100'), held: 0n });
  });

  it('quotes nothing where the feed has no rouble price or the rate is below a kopeck', async () => {
    const input = { userId: 1, qrId: 'AS1000670LSS7DN18SJQDNP4B05KLJL2', fiatAmount: '1500' } as const;

    expect(await quoteTerms(p2c.db(), pricesOf(null), { ...input, asset: 'USDT' }, now)).toBeNull();
    // 0.01 RUB less 2 % is 0.98 of a kopeck, rounded down to none.
    expect(await quoteTerms(p2c.db(), pricesOf('0.01'), { ...input, asset: 'USDT' }, now)).toBeNull();
    // 0.02 RUB less 2 % is 1.96 kopecks → 1: a rate of one kopeck still quotes.
    expect(await quoteTerms(p2c.db(), pricesOf('0.02'), { ...input, asset: 'USDT' }, now)).toMatchObject({
      rateKopecks: 1n,
      amount: 150000n * 10n ** 18n,
      fee: 1500n * 10n ** 18n,
    });
  });
});
