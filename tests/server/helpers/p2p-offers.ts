import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import * as z from 'zod/mini';
import { offer } from '../../../src/contract/p2p-offers';
import { paymentMethod } from '../../../src/contract/p2p-payment-methods';
import type { Database } from '../../../src/server/db/database';
import { verificationSteps } from '../../../src/server/db/schema/verification';
import type { PriceTable, ReferencePriceFeed } from '../../../src/server/integrations/prices/price-feed';
import { type Call, ok } from './security';

/** A price feed the test moves by hand: one whole `asset` in `fiat` per pair. */
export function settablePriceFeed(initial: Readonly<Record<string, string>>) {
  const prices = new Map(Object.entries(initial));
  const table = (): PriceTable => {
    const byAsset = new Map<string, Map<string, Decimal>>();
    for (const [pair, price] of prices) {
      const [asset = '', fiat = ''] = pair.split('/');
      const quotes = byAsset.get(asset) ?? new Map<string, Decimal>();
      quotes.set(fiat, new Decimal(price));
      byAsset.set(asset, quotes);
    }
    return { prices: byAsset, sources: ['test'], observedAt: new Date('2026-11-24T00:00:00Z') };
  };
  const feed: ReferencePriceFeed = { current: async () => table(), subscribe: () => () => {} };
  return { feed, set: (pair: string, price: string) => prices.set(pair, price) };
}

/** Passport verification completed, as the identity provider's approval leaves it. */
export async function passportVerified(db: Database, userId: number): Promise<void> {
  await db
    .insert(verificationSteps)
    .values({ userId, type: 'SUMSUB_BASIC', status: 'completed', result: 'OK', updatedAt: new Date() });
}

/** One whole USDT (18 decimals) in smallest units. */
export const usdt = (whole: number | string): bigint => BigInt(new Decimal(whole).times('1e18').toFixed(0));

export const sbpSberbank = {
  fiat: 'RUB',
  identifier: 'sbp',
  child_identifier: 'sberbank_sbp',
  name: null,
  details: { phone: '+7 (900) 123-45-67', holder_name: 'Anna Petrova' },
};

export async function savedMethodId(send: Call, body: Record<string, unknown> = sbpSberbank): Promise<number> {
  return ok(await send('POST', '/p2p/payment-methods', body), paymentMethod).id;
}

/** A sell offer of 100 USDT for RUB at 101.5 % of the reference, 1000–5000 RUB an order. */
export function sellOfferBody(methodIds: readonly number[], overrides: Record<string, unknown> = {}) {
  return {
    type: 'sell',
    asset: 'USDT',
    fiat: 'RUB',
    price_type: 'floating',
    price: null,
    price_floating_ratio: '101.5',
    volume: usdt(100).toString(),
    limits: { min: '1000', max: '5000' },
    payment_method_ids: methodIds,
    catalogue_methods: [],
    time_limit: 15,
    description: '',
    restrictions: {
      telegram_premium_required: false,
      completed_trades_percent: null,
      trades_count_min: null,
      trades_volume_usd_min: null,
      account_age_days_min: null,
    },
    ...overrides,
  };
}

/** A buy offer of 50 USDT for RUB at a fixed 80 RUB, paid by SBP to Sberbank. */
export function buyOfferBody(overrides: Record<string, unknown> = {}) {
  return sellOfferBody([], {
    type: 'buy',
    price_type: 'fixed',
    price: '80',
    price_floating_ratio: null,
    volume: usdt(50).toString(),
    catalogue_methods: [{ identifier: 'sbp', child_identifier: 'sberbank_sbp' }],
    ...overrides,
  });
}

/** A taker's order on a sell offer listing `methodId` (the SBP → Sberbank method above) for `fiat` RUB at 80, with a fresh hash. */
export function sbpOrderBody(methodId: number, fiat: string) {
  return {
    identifier: 'sbp',
    child_identifier: 'sberbank_sbp',
    payment_method_id: methodId,
    amount: fiat,
    amount_type: 'fiat',
    price: '80',
    unique_hash: randomBytes(48).toString('base64url'),
    token: null,
  };
}

export const offerList = z.object({ offers: z.array(offer), cursor: z.nullable(z.string()) });
export const myOffers = z.object({ offers: z.array(offer), total: z.int() });
