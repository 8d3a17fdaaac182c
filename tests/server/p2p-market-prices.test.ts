import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { assetPrices } from '../../src/contract/wallet';
import { priceIn } from '../../src/server/integrations/prices/price-feed';
import { walkFactor, walkingPriceFeed } from '../../src/server/integrations/prices/walking-feed';
import { seedCatalogue } from '../../src/server/modules/wallet/seed';
import { createTestDatabase } from './helpers/test-database';
import { createTestServer, type TestServer } from './helpers/test-server';

describe('the walk of one code', () => {
  it('stays within ±6.2 % of the stored price for crypto over ten thousand steps', () => {
    for (let step = 0; step < 10_000; step++) {
      const factor = walkFactor('kopilka', 'BTC', step, 0.001);
      expect(factor).toBeGreaterThanOrEqual(0.9417);
      expect(factor).toBeLessThanOrEqual(1.0619);
    }
  });

  it('moves by at most 0.2 % from one step to the next', () => {
    for (let step = 1; step < 5_000; step++) {
      const move = walkFactor('kopilka', 'TON', step, 0.001) / walkFactor('kopilka', 'TON', step - 1, 0.001);
      expect(move).toBeGreaterThan(0.998);
      expect(move).toBeLessThan(1.002);
    }
  });

  it('is the same for the same seed and step, and differs for another seed', () => {
    expect(walkFactor('kopilka', 'BTC', 12_345, 0.001)).toBe(walkFactor('kopilka', 'BTC', 12_345, 0.001));
    expect(walkFactor('kopilka', 'BTC', 12_345, 0.001)).not.toBe(walkFactor('another', 'BTC', 12_345, 0.001));
  });

  it('actually wanders: over a thousand steps the price takes many different values', () => {
    const seen = new Set<number>();
    for (let step = 0; step < 1_000; step++) seen.add(Math.round(walkFactor('kopilka', 'ETH', step, 0.001) * 1e4));
    expect(seen.size).toBeGreaterThan(50);
  });
});

describe('the walking reference feed', () => {
  let server: TestServer;
  let now = new Date('2026-11-24T12:00:00Z');
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  const feed = () => walkingPriceFeed(server.database.db, { seed: 'test', stepMs: 10_000, now: () => now });

  it('keeps the dollar and stablecoins at their stored price, and an asset at 1 in itself', async () => {
    const table = await feed().current();

    expect(priceIn(table, 'USDT', 'USD')?.toFixed()).toBe('1');
    expect(priceIn(table, 'USDC', 'USD')?.toFixed()).toBe('1');
    expect(priceIn(table, 'RUB', 'RUB')?.toFixed()).toBe('1');
    expect(table.sources).toEqual(['local-walk']);
    expect(table.observedAt.toISOString()).toBe('2026-11-24T12:00:00.000Z');
  });

  it('walks BTC in rubles within its bounds around the stored 7,695,000 and moves it between steps', async () => {
    const first = priceIn(await feed().current(), 'BTC', 'RUB')?.toNumber() ?? 0;
    now = new Date('2026-11-24T12:00:10Z');
    const next = priceIn(await feed().current(), 'BTC', 'RUB')?.toNumber() ?? 0;
    now = new Date('2026-11-24T12:00:19Z');
    const sameStep = priceIn(await feed().current(), 'BTC', 'RUB')?.toNumber() ?? 0;

    // BTC walks ±6.2 % and the rouble ±1.8 %: together at most about ±8 %.
    for (const price of [first, next]) {
      expect(price).toBeGreaterThan(7_080_000);
      expect(price).toBeLessThan(8_340_000);
    }
    expect(next).not.toBe(first);
    expect(sameStep).toBe(next);
  });

  it('hands each new table to a subscriber at the interval asked, until it unsubscribes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const seen: string[] = [];
      const unsubscribe = feed().subscribe((table) => seen.push(table.observedAt.toISOString()), 10_000);

      now = new Date('2026-11-24T12:00:20Z');
      await vi.advanceTimersByTimeAsync(10_000);
      await vi.waitFor(() => expect(seen).toEqual(['2026-11-24T12:00:20.000Z']));
      unsubscribe();
      now = new Date('2026-11-24T12:00:30Z');
      await vi.advanceTimersByTimeAsync(30_000);

      expect(seen).toEqual(['2026-11-24T12:00:20.000Z']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('prices every pair consistently: BTC in RUB is BTC in USD times USD in RUB', async () => {
    const table = await feed().current();
    const btcRub = priceIn(table, 'BTC', 'RUB')?.toNumber() ?? 0;
    const btcUsd = priceIn(table, 'BTC', 'USD')?.toNumber() ?? 0;
    const usdRub = priceIn(table, 'USD', 'RUB')?.toNumber() ?? 0;

    expect(Math.abs(btcRub - btcUsd * usdRub) / btcRub).toBeLessThan(1e-9);
  });
});

describe('GET /wallet/asset/prices', () => {
  it('answers the stored prices by default', async () => {
    const server = await createTestServer();
    try {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/wallet/asset/prices' });
      const body = z.parse(assetPrices, response.json());

      expect(body.prices.BTC?.RUB).toBe('7695000');
      expect(body.prices.TON?.USD).toBe('3.1');
    } finally {
      await server.close();
    }
  });

  it('answers what the walking feed says at that moment, so the wallet and the market agree', async () => {
    const now = new Date('2026-11-24T15:00:00Z');
    const database = await createTestDatabase();
    await seedCatalogue(database.handle.db);
    const walking = () => walkingPriceFeed(database.handle.db, { seed: 'wallet', stepMs: 10_000, now: () => now });
    const server = await createTestServer({ database: database.handle, now, priceFeed: walking() });
    try {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/wallet/asset/prices' });
      const body = z.parse(assetPrices, response.json());
      const expected = await walking().current();

      expect(body.prices.BTC?.RUB).toBe(priceIn(expected, 'BTC', 'RUB')?.toFixed());
      expect(body.prices.BTC?.RUB).not.toBe('7695000');
      expect(body.sources).toEqual(['local-walk']);
      expect(body.observed_at).toBe('2026-11-24T15:00:00.000Z');
    } finally {
      await server.close();
      await database.destroy();
    }
  });
});
