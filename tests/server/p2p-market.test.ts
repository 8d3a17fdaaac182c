import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  fiatPaymentCatalogue,
  marketAsset,
  marketConfig,
  marketFiat,
  marketTerms,
  paymentCatalogueItem,
} from '../../src/contract/p2p-market';
import { assetPrices } from '../../src/contract/wallet';
import { userSettings } from '../../src/server/db/schema/users';
import { walkingPriceFeed } from '../../src/server/integrations/prices/walking-feed';
import { assertP2pAccess, type P2pArea } from '../../src/server/modules/p2p-market/access';
import { paymentCatalogueData } from '../../src/server/modules/p2p-market/payment-catalogue-data';
import { p2pFeatureFlags } from '../../src/server/modules/settings/feature-flags';
import { defaultFiatAssets } from '../../src/server/modules/wallet/catalogue-defaults';
import { seedCatalogue } from '../../src/server/modules/wallet/seed';
import { type Call, caller, expectError, ok } from './helpers/security';
import { createTestDatabase } from './helpers/test-database';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const p2pOn = { public: p2pFeatureFlags, tester: [], testerIds: new Set<number>() };
const assetsAnswer = z.object({ assets: z.array(marketAsset) });
const fiatsAnswer = z.object({ fiats: z.array(marketFiat) });

const marketReads = [
  '/p2p/config',
  '/p2p/currencies/assets',
  '/p2p/currencies/fiats',
  '/p2p/currencies/fiat/RUB',
  '/p2p/currencies/fiat/RUB/sbp',
  '/p2p/marketTerms',
] as const;

describe('the market reference data', () => {
  let server: TestServer;
  let send: Call;
  let userId: number;
  beforeAll(async () => {
    server = await createTestServer({ featureFlags: p2pOn });
    const user = await signInTestUser(server.database);
    userId = user.userId;
    send = caller(server, user.token);
  });
  afterAll(() => server.close());

  async function inRussian<T>(action: () => Promise<T>): Promise<T> {
    await server.database.db.update(userSettings).set({ language: 'ru' }).where(eq(userSettings.userId, userId));
    try {
      return await action();
    } finally {
      await server.database.db.update(userSettings).set({ language: 'en' }).where(eq(userSettings.userId, userId));
    }
  }

  it('answers the market configuration', async () => {
    expect(ok(await send('GET', '/p2p/config'), marketConfig)).toEqual({
      floating_ratio: { min: '90', max: '110' },
      fixed_price_ratio: { min: '80', max: '120' },
      time_limits: [15, 30, 45, 60, 120, 180],
      default_time_limit: 15,
      max_active_offers: 10,
      max_payment_methods: 20,
      max_offer_payment_methods: 5,
      max_description_length: 1000,
      open_orders_per_offer: { regular: 4, verified_merchant: 10 },
      unlock_duration_hours: 24,
      price_refresh_ms: 10_000,
    });
  });

  it('lists the enabled crypto assets in catalogue order with their 1 % fee', async () => {
    const { assets } = ok(await send('GET', '/p2p/currencies/assets'), assetsAnswer);

    expect(assets.map((asset) => asset.code)).toEqual([
      'USDT',
      'TON',
      'BTC',
      'LTC',
      'ETH',
      'BNB',
      'TRX',
      'USDC',
      'JET',
    ]);
    expect(assets[0]).toEqual({ code: 'USDT', fee: '1' });
    expect(new Set(assets.map((asset) => asset.fee))).toEqual(new Set(['1']));
  });

  it('lists every fiat with the reference price of each asset in it, to the kopeck', async () => {
    const { fiats } = ok(await send('GET', '/p2p/currencies/fiats'), fiatsAnswer);

    expect(fiats.map((fiat) => fiat.code)).toEqual(defaultFiatAssets.map((fiat) => fiat.code));
    const rub = fiats.find((fiat) => fiat.code === 'RUB');
    expect(rub?.prices.USDT).toBe('81');
    expect(rub?.prices.TON).toBe('251.1');
    expect(rub?.prices.BTC).toBe('7695000');
    expect(fiats.find((fiat) => fiat.code === 'EUR')?.prices.TRX).toBe('0.25');
    expect(fiats.find((fiat) => fiat.code === 'USD')?.prices.BTC).toBe('95000');
  });

  it('answers a fiat’s catalogue: the SBP group first, then the banks’ cards, names in English', async () => {
    const catalogue = ok(await send('GET', '/p2p/currencies/fiat/RUB'), fiatPaymentCatalogue);

    expect(catalogue.fiat).toBe('RUB');
    expect(catalogue.methods[0]).toEqual({
      type: 'bank',
      identifier: 'sbp',
      locale: 'SBP (Faster Payments System)',
      is_parent: true,
      fields: [],
    });
    expect(catalogue.methods[1]).toEqual({
      type: 'bank',
      identifier: 'sberbank',
      locale: 'Sberbank',
      is_parent: false,
      fields: [
        { key: 'card_number', kind: 'card_number', is_data: true },
        { key: 'holder_name', kind: 'holder_name', is_data: false },
      ],
    });
    expect(catalogue.methods.find((method) => method.identifier === 'yoomoney')?.type).toBe('emoney');
  });

  it('names the methods in Russian for a user whose language is Russian', async () => {
    const catalogue = await inRussian(async () =>
      ok(await send('GET', '/p2p/currencies/fiat/RUB'), fiatPaymentCatalogue),
    );

    expect(catalogue.methods.slice(0, 3).map((method) => method.locale)).toEqual([
      'СБП (Система быстрых платежей)',
      'Сбербанк',
      'Т-Банк',
    ]);
  });

  it('answers a group with its banks, each asking for a phone number and the holder’s name', async () => {
    const item = ok(await send('GET', '/p2p/currencies/fiat/RUB/sbp'), paymentCatalogueItem);

    expect(item.method.identifier).toBe('sbp');
    expect(item.children.slice(0, 2)).toEqual([
      {
        type: 'bank',
        identifier: 'sberbank_sbp',
        locale: 'Sberbank',
        is_parent: false,
        fields: [
          { key: 'phone', kind: 'phone', is_data: true },
          { key: 'holder_name', kind: 'holder_name', is_data: false },
        ],
      },
      expect.objectContaining({ identifier: 'tbank_sbp', locale: 'T-Bank' }),
    ]);
  });

  it('answers a plain method with no children', async () => {
    const item = ok(await send('GET', '/p2p/currencies/fiat/EUR/sepa'), paymentCatalogueItem);

    expect(item.method).toMatchObject({ identifier: 'sepa', locale: 'SEPA transfer', is_parent: false });
    expect(item.children).toEqual([]);
  });

  it('answers 404 not_found for a currency it does not trade and for an entry it does not have', async () => {
    expectError(await send('GET', '/p2p/currencies/fiat/XYZ'), 404, 'not_found');
    expectError(await send('GET', '/p2p/currencies/fiat/XYZ/sbp'), 404, 'not_found');
    expectError(await send('GET', '/p2p/currencies/fiat/RUB/paypal'), 404, 'not_found');
    // A group's bank is reached through its group, not on its own.
    expectError(await send('GET', '/p2p/currencies/fiat/RUB/sberbank_sbp'), 404, 'not_found');
  });

  it('answers 400 for a currency code that is not one', async () => {
    expectError(await send('GET', '/p2p/currencies/fiat/rub'), 400, 'validation_failed');
    expectError(await send('GET', '/p2p/currencies/fiat/RUB/Not%20An%20Id'), 400, 'validation_failed');
  });

  it('serves the market terms in the user’s language', async () => {
    const english = ok(await send('GET', '/p2p/marketTerms'), marketTerms);
    const russian = await inRussian(async () => ok(await send('GET', '/p2p/marketTerms'), marketTerms));

    expect(english.version).toBe('2026-11-24');
    expect(english.points[0]?.title).toBe('Your crypto is held safely');
    expect(russian.points[0]?.title).toBe('Ваша криптовалюта под защитой');
    expect(russian.points).toHaveLength(english.points.length);
  });

  it('still answers a blocked user, whose app shows the blocked screen: reading changes nothing', async () => {
    await server.database.db.update(userSettings).set({ complianceLock: true }).where(eq(userSettings.userId, userId));
    try {
      expect((await send('GET', '/p2p/currencies/fiats')).statusCode).toBe(200);
    } finally {
      await server.database.db
        .update(userSettings)
        .set({ complianceLock: false })
        .where(eq(userSettings.userId, userId));
    }
  });

  it('answers 401 without a session', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/p2p/config' });

    expectError(response, 401, 'unauthorized');
  });
});

describe('the market behind its feature flag', () => {
  it('refuses every reference call with 403 feature_disabled while show_p2p is off for the user', async () => {
    const server = await createTestServer({
      featureFlags: { public: ['show_p2p_offers', 'show_p2p_methods'], tester: ['show_p2p'], testerIds: new Set() },
    });
    try {
      const { token } = await signInTestUser(server.database);
      const send = caller(server, token);
      for (const url of marketReads) expectError(await send('GET', url), 403, 'feature_disabled');
    } finally {
      await server.close();
    }
  });

  it('opens to a tester and to a user whose stored flag switches it on, and closes to one whose flag is off', async () => {
    const testerIds = new Set<number>();
    const server = await createTestServer({ featureFlags: { public: [], tester: ['show_p2p'], testerIds } });
    try {
      const tester = await signInTestUser(server.database);
      const switchedOn = await signInTestUser(server.database);
      const switchedOff = await signInTestUser(server.database);
      testerIds.add(tester.userId).add(switchedOff.userId);
      const { db } = server.database;
      await db
        .update(userSettings)
        .set({ featureFlags: { show_p2p: true } })
        .where(eq(userSettings.userId, switchedOn.userId));
      await db
        .update(userSettings)
        .set({ featureFlags: { show_p2p: false } })
        .where(eq(userSettings.userId, switchedOff.userId));

      expect((await caller(server, tester.token)('GET', '/p2p/config')).statusCode).toBe(200);
      expect((await caller(server, switchedOn.token)('GET', '/p2p/config')).statusCode).toBe(200);
      expectError(await caller(server, switchedOff.token)('GET', '/p2p/config'), 403, 'feature_disabled');
    } finally {
      await server.close();
    }
  });
});

describe('the gate of each part of the market', () => {
  it.each([
    ['market', ['show_p2p'], true],
    ['offers', ['show_p2p', 'show_p2p_offers'], true],
    ['offers', ['show_p2p', 'show_p2p_methods'], false],
    ['offers', ['show_p2p_offers', 'show_p2p_methods'], false],
    ['methods', ['show_p2p', 'show_p2p_methods'], true],
    ['methods', ['show_p2p', 'show_p2p_offers'], false],
    ['methods', ['show_p2p_methods'], false],
  ] as const)('opens %s to a user with %j: %s', async (area: P2pArea, flags, opens) => {
    const policy = { public: flags, tester: [], testerIds: new Set<number>() };
    const server = await createTestServer({ featureFlags: policy });
    try {
      const { userId } = await signInTestUser(server.database);
      const context = { db: server.database.db, featureFlags: policy, now: () => new Date() };
      const gate = assertP2pAccess(context, userId, { area, write: true });

      if (opens) await expect(gate).resolves.toBeUndefined();
      else await expect(gate).rejects.toMatchObject({ statusCode: 403, code: 'feature_disabled' });
    } finally {
      await server.close();
    }
  });

  it('answers 401 when the session’s user has no settings any more', async () => {
    const server = await createTestServer({ featureFlags: p2pOn });
    try {
      const { userId, token } = await signInTestUser(server.database);
      await server.database.db.delete(userSettings).where(eq(userSettings.userId, userId));

      expectError(await caller(server, token)('GET', '/p2p/config'), 401, 'unauthorized');
    } finally {
      await server.close();
    }
  });
});

describe('the market and the wallet quote the same moving price', () => {
  it('answers the walking feed’s current price in the fiats list, rounded to 2 decimals', async () => {
    const now = new Date('2026-11-24T15:00:00Z');
    const database = await createTestDatabase();
    await seedCatalogue(database.handle.db);
    const feed = walkingPriceFeed(database.handle.db, { seed: 'agree', stepMs: 10_000, now: () => now });
    const server = await createTestServer({ database: database.handle, now, priceFeed: feed, featureFlags: p2pOn });
    try {
      const { token } = await signInTestUser(server.database, { now });
      const send = caller(server, token);

      const wallet = ok(await send('GET', '/wallet/asset/prices'), assetPrices);
      const { fiats } = ok(await send('GET', '/p2p/currencies/fiats'), fiatsAnswer);

      const walletPrice = Number(wallet.prices.BTC?.RUB);
      const marketPrice = fiats.find((fiat) => fiat.code === 'RUB')?.prices.BTC;
      expect(walletPrice).not.toBe(7_695_000);
      expect(marketPrice).toBe((Math.round(walletPrice * 100) / 100).toFixed(2).replace(/\.?0+$/, ''));
    } finally {
      await server.close();
      await database.destroy();
    }
  });
});

describe('the curated payment catalogue', () => {
  it('covers every fiat of the wallet catalogue', () => {
    expect(Object.keys(paymentCatalogueData).sort()).toEqual(defaultFiatAssets.map((fiat) => fiat.code).sort());
  });

  it('gives every entry an identifier unique within its fiat, and every method exactly one masked detail', () => {
    for (const [fiat, entries] of Object.entries(paymentCatalogueData)) {
      const all = entries.flatMap((entry) => [entry, ...entry.children]);
      expect(new Set(all.map((entry) => entry.identifier)).size, fiat).toBe(all.length);
      for (const entry of all) {
        expect(entry.identifier, fiat).toMatch(/^[a-z0-9_-]{1,48}$/);
        if (entry.children.length > 0) {
          expect(entry.fields, `${fiat} ${entry.identifier}`).toEqual([]);
        } else {
          expect(
            entry.fields.filter((field) => field.is_data),
            `${fiat} ${entry.identifier}`,
          ).toHaveLength(1);
        }
      }
    }
  });
});
