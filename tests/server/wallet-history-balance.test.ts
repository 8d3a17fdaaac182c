import { createHash, randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type AssetPrices, assetCatalogue, assetPrices } from '../../src/contract/wallet';
import { type WalletBalance, walletBalance } from '../../src/contract/wallet-operations';
import { assets, priceReferences } from '../../src/server/db/schema/catalogue';
import { userSettings } from '../../src/server/db/schema/users';
import { credit, inTransaction } from '../../src/server/ledger/ledger';
import { localValue } from '../../src/server/modules/wallet-history/balance';
import { seedDeposit, seedWithdrawal } from './helpers/ledger';
import { caller, expectError, ok } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

let server: TestServer;
let prices: AssetPrices;

beforeAll(async () => {
  server = await createTestServer();
  prices = ok(await server.app.inject({ method: 'GET', url: '/api/v1/wallet/asset/prices' }), assetPrices);
});
afterAll(() => server.close());

async function signedIn() {
  const { userId, token } = await signInTestUser(server.database);
  return { userId, call: caller(server, token), token };
}

/** Reference valuation, worked out independently of the server's code: whole units × price, floored. */
function expectedLocal(units: bigint, assetDecimals: number, asset: string, currency: string, currencyDecimals = 8) {
  const price = prices.prices[asset]?.[currency];
  if (price === undefined) throw new Error(`No ${asset} price in ${currency}`);
  const PreciseDecimal = Decimal.clone({ precision: 120 });
  return new PreciseDecimal(units.toString())
    .div(new PreciseDecimal(10).pow(assetDecimals))
    .mul(price)
    .mul(new PreciseDecimal(10).pow(currencyDecimals))
    .floor()
    .toFixed(0);
}

function balanceOf(balance: WalletBalance, code: string) {
  const row = balance.balances.find((entry) => entry.asset === code);
  if (row === undefined) throw new Error(`No ${code} in the balance`);
  return row;
}

describe('GET /api/v1/wallet/balance', () => {
  it('answers 401 unauthorized without a session', async () => {
    expectError(await server.app.inject({ method: 'GET', url: '/api/v1/wallet/balance' }), 401, 'unauthorized');
  });

  it('lists every enabled crypto asset of the catalogue by code in order, at zero for a new user', async () => {
    const { call } = await signedIn();
    const catalogue = ok(await server.app.inject({ method: 'GET', url: '/api/v1/wallet/asset' }), assetCatalogue);

    const balance = ok(await call('GET', '/wallet/balance'), walletBalance);

    const enabledCrypto = Object.values(catalogue.assets).filter((asset) => !asset.is_fiat && asset.is_enabled);
    expect(balance.balances.map((entry) => entry.asset)).toEqual(enabledCrypto.map((asset) => asset.code));
    expect(balance.balances.map((entry) => entry.asset)).toEqual([
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
    for (const entry of balance.balances) {
      expect(entry).toEqual({ asset: entry.asset, available: '0', held: '0', local_amount: '0' });
    }
    expect(balance.total).toEqual({ currency: 'USD', amount: '0' });
  });

  it('shows available and held amounts and values both in the local currency, rounded down', async () => {
    const { userId, call } = await signedIn();
    const oneBtc = 100_000_000n;
    await seedDeposit(server.database.db, { userId, asset: 'BTC', network: 'BTC', amount: 2n * oneBtc + 1n });
    await seedWithdrawal(server.database.db, {
      userId,
      asset: 'BTC',
      network: 'BTC',
      address: 'tb1qexampleaddress',
      amount: oneBtc / 2n,
      fee: 1_000n,
      status: 'created',
    });
    // 2.5 USDT and one smallest unit: a value below a hundred-millionth of a dollar is dropped.
    const usdt = 2_500_000_000_000_000_001n;
    await seedDeposit(server.database.db, { userId, asset: 'USDT', network: 'TRX', amount: usdt });

    const balance = ok(await call('GET', '/wallet/balance'), walletBalance);

    const btc = balanceOf(balance, 'BTC');
    expect(btc).toMatchObject({
      available: (2n * oneBtc + 1n - oneBtc / 2n - 1_000n).toString(),
      held: (oneBtc / 2n + 1_000n).toString(),
      local_amount: expectedLocal(2n * oneBtc + 1n, 8, 'BTC', 'USD'),
    });
    expect(balanceOf(balance, 'USDT')).toMatchObject({
      available: usdt.toString(),
      held: '0',
      local_amount: expectedLocal(usdt, 18, 'USDT', 'USD'),
    });
    expect(balanceOf(balance, 'USDT').local_amount).toBe('250000000');
    expect(balance.total).toEqual({
      currency: 'USD',
      amount: (BigInt(btc.local_amount) + 250_000_000n).toString(),
    });
  });

  it('values the total in the currency the user picks in the settings', async () => {
    const { userId, call, token } = await signedIn();
    const tenTon = 10_000_000_000n;
    await seedDeposit(server.database.db, { userId, asset: 'TON', network: 'TON', amount: tenTon });
    const inDollars = ok(await call('GET', '/wallet/balance'), walletBalance);

    const update = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/user/settings',
      headers: { authorization: `Bearer ${token}` },
      payload: { local_currency: 'EUR' },
    });
    expect(update.statusCode).toBe(200);
    const inEuros = ok(await call('GET', '/wallet/balance'), walletBalance);

    expect(inDollars.total).toEqual({ currency: 'USD', amount: expectedLocal(tenTon, 9, 'TON', 'USD') });
    expect(inEuros.total).toEqual({ currency: 'EUR', amount: expectedLocal(tenTon, 9, 'TON', 'EUR') });
    expect(inEuros.total.amount).not.toBe(inDollars.total.amount);
    expect(balanceOf(inEuros, 'TON').local_amount).toBe(inEuros.total.amount);
  });

  it('leaves out an asset the operator disabled', async () => {
    const { userId, call } = await signedIn();
    await inTransaction(server.database.db, (tx) =>
      credit(tx, { operationId: randomUUID(), type: 'compensation', userId, asset: 'LTC', amount: 5n }),
    );
    await server.database.db.update(assets).set({ isEnabled: false }).where(eq(assets.code, 'LTC'));
    try {
      const balance = ok(await call('GET', '/wallet/balance'), walletBalance);

      expect(balance.balances.map((entry) => entry.asset)).not.toContain('LTC');
      expect(balance.balances.length).toBeGreaterThan(0);
    } finally {
      await server.database.db.update(assets).set({ isEnabled: true }).where(eq(assets.code, 'LTC'));
    }
  });
});

describe('the local value of a holding', () => {
  it('is exact for amounts far beyond a float and rounds down to the currency smallest unit', () => {
    const units = 10n ** 60n + 1n;

    // 10^42 whole units and a dust of 10^-18, at 3400.5: 3400.5 × 10^42 in units of 10^-8.
    expect(localValue(units, 18, '3400.5', 8)).toBe(34_005n * 10n ** 49n);
    expect(localValue(1n, 18, '1', 8)).toBe(0n);
    expect(localValue(999_999_999n, 8, '1', 2)).toBe(999n);
  });

  it('scales up when the currency has more decimals than the asset and the price', () => {
    // 0.03 of a two-decimal asset at 7: 0.21, in units of 10^-8.
    expect(localValue(3n, 2, '7', 8)).toBe(21_000_000n);
    // 0.000003 at 7.25: 0.00002175, exactly 2175 units of 10^-8.
    expect(localValue(3n, 6, '7.25', 8)).toBe(2_175n);
  });

  it.each(['-1', '1e5', '1.5x', 'x1.5', ''])('refuses %j as a price', (price) => {
    expect(() => localValue(1n, 8, price, 8)).toThrow(`Not a price: ${price}`);
  });
});

describe('the first balance read of a server', () => {
  // A server of its own: the balance's statement is built on its first read and kept.
  let fresh: TestServer;
  beforeAll(async () => {
    fresh = await createTestServer();
  });
  afterAll(() => fresh.close());

  async function balanceFor(token: string) {
    return fresh.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/balance',
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it('answers whoever asks first their available and held amounts, and everyone after them their own', async () => {
    const first = await signInTestUser(fresh.database);
    await seedDeposit(fresh.database.db, { userId: first.userId, asset: 'BTC', network: 'BTC', amount: 300_000_000n });
    await seedWithdrawal(fresh.database.db, {
      userId: first.userId,
      asset: 'BTC',
      network: 'BTC',
      address: 'tb1qexampleaddress',
      amount: 100_000_000n,
      fee: 1_000n,
      status: 'created',
    });
    const second = await signInTestUser(fresh.database);

    const firstBalance = ok(await balanceFor(first.token), walletBalance);
    const secondBalance = ok(await balanceFor(second.token), walletBalance);

    expect(balanceOf(firstBalance, 'BTC')).toMatchObject({ available: '199999000', held: '100001000' });
    expect(balanceOf(secondBalance, 'BTC')).toMatchObject({ available: '0', held: '0', local_amount: '0' });
    expect(secondBalance.total.amount).toBe('0');
  });

  it('counts a holding with no price in the local currency as nothing', async () => {
    const { userId, token } = await signInTestUser(fresh.database);
    await seedDeposit(fresh.database.db, { userId, asset: 'TON', network: 'TON', amount: 5_000_000_000n });
    const onTon = and(eq(priceReferences.assetCode, 'TON'), eq(priceReferences.quoteCode, 'USD'));
    const [tonInDollars] = await fresh.database.db.select().from(priceReferences).where(onTon);
    await fresh.database.db.delete(priceReferences).where(onTon);
    try {
      const balance = ok(await balanceFor(token), walletBalance);

      expect(balanceOf(balance, 'TON')).toEqual({
        asset: 'TON',
        available: '5000000000',
        held: '0',
        local_amount: '0',
      });
      expect(balance.total).toEqual({ currency: 'USD', amount: '0' });
    } finally {
      if (tonInDollars !== undefined) await fresh.database.db.insert(priceReferences).values(tonInDollars);
    }
  });

  it('answers an empty list while no crypto asset is enabled', async () => {
    const { token } = await signInTestUser(fresh.database);
    await fresh.database.db.update(assets).set({ isEnabled: false }).where(eq(assets.isFiat, false));
    try {
      expect(ok(await balanceFor(token), walletBalance)).toEqual({
        total: { currency: 'USD', amount: '0' },
        balances: [],
      });
    } finally {
      await fresh.database.db.update(assets).set({ isEnabled: true }).where(eq(assets.isFiat, false));
    }
  });

  it('answers 401 to a live session whose account has no settings any more', async () => {
    const { userId, token } = await signInTestUser(fresh.database);
    await fresh.database.db.delete(userSettings).where(eq(userSettings.userId, userId));

    expectError(await balanceFor(token), 401, 'unauthorized');
  });
});

describe('the balance poll', () => {
  const balanceUrl = '/api/v1/wallet/balance';

  function poll(token: string, ifNoneMatch?: string) {
    return server.app.inject({
      method: 'GET',
      url: balanceUrl,
      headers: {
        authorization: `Bearer ${token}`,
        ...(ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch }),
      },
    });
  }

  it('tags the answer with the SHA-256 of its exact body and lets the browser keep it only to revalidate', async () => {
    const { token } = await signedIn();

    const answer = await poll(token);

    expect(answer.statusCode).toBe(200);
    expect(answer.headers.etag).toBe(`"${createHash('sha256').update(answer.body).digest('base64url')}"`);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers an unchanged balance 304 with no body when If-None-Match names its ETag', async () => {
    const { token } = await signedIn();
    const tag = String((await poll(token)).headers.etag);

    const again = await poll(token, tag);

    expect({
      status: again.statusCode,
      body: again.body,
      etag: again.headers.etag,
      cache: again.headers['cache-control'],
    }).toEqual({ status: 304, body: '', etag: tag, cache: 'private, no-cache' });
  });

  it.each([
    ['the tag marked weak', (tag: string) => `W/${tag}`],
    ['the tag among others', (tag: string) => `"an-older-balance", ${tag}`],
    ['any tag at all (*)', () => '*'],
  ])('answers 304 to If-None-Match with %s', async (_, header) => {
    const { token } = await signedIn();
    const tag = String((await poll(token)).headers.etag);

    expect((await poll(token, header(tag))).statusCode).toBe(304);
  });

  it('answers 200 with the new balance and a new ETag once a deposit changed it', async () => {
    const { userId, token } = await signedIn();
    const before = String((await poll(token)).headers.etag);
    await seedDeposit(server.database.db, { userId, asset: 'TON', network: 'TON', amount: 1_500_000_000n });

    const after = await poll(token, before);

    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(balanceOf(z.parse(walletBalance, after.json()), 'TON').available).toBe('1500000000');
  });

  it('answers a tag sent without a session 401, never 304', async () => {
    const { token } = await signedIn();
    const tag = String((await poll(token)).headers.etag);

    const refused = await server.app.inject({ method: 'GET', url: balanceUrl, headers: { 'if-none-match': tag } });

    expect(refused.statusCode).toBe(401);
    expect(refused.headers.etag).toBeUndefined();
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('stays under 1.5 KB for a person holding six assets, one with a withdrawal on its way', async () => {
    const { userId, token } = await signedIn();
    const db = server.database.db;
    await seedDeposit(db, { userId, asset: 'USDT', network: 'TRX', amount: 12_345_678_900_000_000_000_000n });
    await seedDeposit(db, { userId, asset: 'TON', network: 'TON', amount: 1_500_123_456_789n });
    await seedDeposit(db, { userId, asset: 'BTC', network: 'BTC', amount: 250_000_001n });
    await seedDeposit(db, { userId, asset: 'ETH', network: 'ETH', amount: 3_200_000_000_000_000_123n });
    await seedDeposit(db, { userId, asset: 'BNB', network: 'BSC', amount: 10_000_000_000_000_000_000n });
    await seedDeposit(db, { userId, asset: 'TRX', network: 'TRX', amount: 25_000_123_456n });
    await seedWithdrawal(db, {
      userId,
      asset: 'BTC',
      network: 'BTC',
      address: 'tb1qexampleaddress',
      amount: 50_000_000n,
      fee: 1_000n,
      status: 'created',
    });

    const answer = await poll(token);

    expect(answer.statusCode).toBe(200);
    expect(Buffer.byteLength(answer.body)).toBeLessThanOrEqual(1536);
  });
});
