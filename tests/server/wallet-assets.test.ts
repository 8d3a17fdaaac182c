import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  type AssetCatalogue,
  assetCatalogue,
  assetPrices,
  type CryptoAsset,
  type FiatAsset,
} from '../../src/contract/wallet';
import { assets } from '../../src/server/db/schema/catalogue';
import { createTestServer, type TestServer } from './helpers/test-server';

// Spec 000 sections 3 and 9, written out independently of the seed data so a typo there fails here.
interface SpecCrypto {
  readonly decimals: number;
  readonly stablecoin: boolean;
  /** Network identifier → protocol. */
  readonly networks: Readonly<Record<string, string>>;
}

const specCrypto: Readonly<Record<string, SpecCrypto>> = {
  USDT: { decimals: 18, stablecoin: true, networks: { TRX: 'TRC20', ETH: 'ERC20', BSC: 'BEP20' } },
  TON: { decimals: 9, stablecoin: false, networks: { TON: 'TON' } },
  BTC: { decimals: 8, stablecoin: false, networks: { BTC: 'BTC' } },
  LTC: { decimals: 8, stablecoin: false, networks: { LTC: 'LTC' } },
  ETH: { decimals: 18, stablecoin: false, networks: { ETH: 'ERC20' } },
  BNB: { decimals: 18, stablecoin: false, networks: { BSC: 'BEP20' } },
  TRX: { decimals: 6, stablecoin: false, networks: { TRX: 'TRC20' } },
  USDC: { decimals: 18, stablecoin: true, networks: { ETH: 'ERC20', BSC: 'BEP20' } },
  JET: { decimals: 9, stablecoin: true, networks: { TON: 'TON' } },
};

function specOf(code: string): SpecCrypto {
  const spec = specCrypto[code];
  if (spec === undefined) throw new Error(`${code} is not a crypto asset of the spec`);
  return spec;
}

const specFiat = [
  'RUB',
  'USD',
  'EUR',
  'BYN',
  'UAH',
  'GBP',
  'CNY',
  'KZT',
  'UZS',
  'GEL',
  'TRY',
  'AMD',
  'THB',
  'INR',
  'BRL',
  'IDR',
  'AZN',
  'AED',
  'PLN',
  'ILS',
  'KGS',
  'TJS',
];

const specWithdraw: Record<string, { min: string; max?: string; fee?: string }> = {
  USDT: { min: '10000000000000000' },
  TON: { min: '500000', fee: '100000000' },
  BTC: { min: '10000', max: '500000000', fee: '1000' },
  LTC: { min: '1000000', max: '300000000000', fee: '100000' },
  ETH: { min: '500000000000000', fee: '5000000000000000' },
  BNB: { min: '1000000000000000', fee: '5000000000000000' },
  TRX: { min: '20000000', fee: '5000000' },
};

/** max_fee in whole units as the spec gives it; the wire carries smallest units. */
const specMaxFee: Record<string, string> = {
  USDT: '0.01',
  USDC: '0.01',
  JET: '0.01',
  BNB: '0.01',
  TON: '0.5',
  BTC: '0.00001',
  LTC: '0.00001',
  ETH: '0.005',
  TRX: '5',
};

const specMarketLimits: Record<string, { min: string; max: string }> = {
  USDT: { min: '1000000000000000000', max: '50000000000000000000000' },
  TON: { min: '3000000000', max: '100000000000000' },
  BTC: { min: '5000', max: '50000000' },
  ETH: { min: '10000000000000000', max: '30000000000000000000' },
  RUB: { min: '10000000000', max: '500000000000000' },
  USD: { min: '200000000', max: '10000000000000' },
  EUR: { min: '200000000', max: '10000000000000' },
};

function toSmallestUnits(wholeUnits: string, decimals: number): string {
  const [integer = '0', fraction = ''] = wholeUnits.split('.');
  return BigInt(`${integer}${fraction.padEnd(decimals, '0')}`).toString();
}

describe('the asset catalogue', () => {
  let server: TestServer;
  let catalogue: AssetCatalogue;
  let crypto: CryptoAsset[];
  let fiat: FiatAsset[];

  beforeAll(async () => {
    server = await createTestServer();
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/wallet/asset' });
    expect(response.statusCode).toBe(200);
    catalogue = z.parse(assetCatalogue, response.json());
    const all = Object.values(catalogue.assets);
    crypto = all.filter((asset): asset is CryptoAsset => !asset.is_fiat);
    fiat = all.filter((asset): asset is FiatAsset => asset.is_fiat);
  });
  afterAll(() => server.close());

  it('is served without signing in and matches the contract', () => {
    expect(Object.keys(catalogue.assets).length).toBe(31);
  });

  it('lists exactly the nine crypto assets of the spec, enabled, with their decimals and stablecoin flags', () => {
    expect(crypto.map((asset) => asset.code)).toEqual(Object.keys(specCrypto));
    for (const asset of crypto) {
      const spec = specOf(asset.code);
      expect(asset).toMatchObject({ is_enabled: true, decimals: spec.decimals, is_stablecoin: spec.stablecoin });
      expect(asset.view_decimals).toBe(spec.stablecoin ? 2 : 4);
      expect(asset.market.fee).toBe('1');
    }
  });

  it('gives every crypto asset its networks keyed by chain, with protocols, explorers and both permissions', () => {
    for (const asset of crypto) {
      const spec = specOf(asset.code);
      expect(Object.keys(asset.networks)).toEqual(Object.keys(spec.networks));
      for (const [id, network] of Object.entries(asset.networks)) {
        expect(network.network).toBe(id);
        expect(network.protocol).toBe(spec.networks[id]);
        expect(network.permissions).toEqual({ can_deposit: true, can_withdraw: true });
        expect(network.explorer_address_url).toContain('%address%');
        expect(network.explorer_transaction_url).toContain('%txid%');
      }
    }
  });

  it('carries the withdrawal limits, fees and max fees of spec section 9 in smallest units', () => {
    for (const asset of crypto) {
      for (const network of Object.values(asset.networks)) {
        const spec = specWithdraw[asset.code];
        if (spec !== undefined) {
          expect(network.limits.withdraw).toEqual({ min: spec.min, max: spec.max ?? '0' });
          if (spec.fee !== undefined) expect(network.withdraw_fee).toBe(spec.fee);
        }
        expect(network.max_fee).toBe(toSmallestUnits(specMaxFee[asset.code] ?? '', asset.decimals));
      }
    }
    const usdtFees = Object.values(catalogue.assets.USDT?.is_fiat === false ? catalogue.assets.USDT.networks : {}).map(
      (network) => BigInt(network.withdraw_fee),
    );
    for (const fee of usdtFees) {
      expect(fee >= 10n ** 18n && fee <= 15n * 10n ** 17n).toBe(true);
    }
  });

  it('carries the market limits the spec gives', () => {
    for (const [code, limits] of Object.entries(specMarketLimits)) {
      expect(catalogue.assets[code]?.market.limits).toEqual(limits);
    }
  });

  it('lists the 22 fiat currencies with 8 decimals, 2 view decimals and a symbol, KGS by its code', () => {
    expect(fiat.map((asset) => asset.code)).toEqual(specFiat);
    for (const asset of fiat) {
      expect(asset).toMatchObject({ is_enabled: true, decimals: 8, view_decimals: 2 });
      expect(asset.symbol.length).toBeGreaterThan(0);
    }
    const symbols = Object.fromEntries(fiat.map((asset) => [asset.code, asset.symbol]));
    expect(symbols).toMatchObject({ RUB: '₽', USD: '$', EUR: '€', GBP: '£', UAH: '₴', KZT: '₸', KGS: 'KGS' });
  });

  it('reads the catalogue from the database, so an operator change shows at once', async () => {
    await server.database.db.update(assets).set({ isEnabled: false }).where(eq(assets.code, 'JET'));

    const response = await server.app.inject({ method: 'GET', url: '/api/v1/wallet/asset' });

    expect(z.parse(assetCatalogue, response.json()).assets.JET?.is_enabled).toBe(false);
  });
});

describe('the reference prices', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('price every asset in USD and in each fiat currency, with their source and time', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/wallet/asset/prices' });

    expect(response.statusCode).toBe(200);
    const body = z.parse(assetPrices, response.json());
    expect(body.quotes[0]).toBe('USD');
    expect([...body.quotes].sort()).toEqual([...specFiat].sort());
    expect(Object.keys(body.prices).sort()).toEqual([...Object.keys(specCrypto), ...specFiat].sort());
    for (const quotes of Object.values(body.prices)) {
      expect(Object.keys(quotes).sort()).toEqual([...specFiat].sort());
    }
    expect(body.prices.USDT?.USD).toBe('1');
    expect(body.prices.RUB?.RUB).toBe('1');
    expect(body.sources).toEqual(['reference-2026-11']);
    expect(body.observed_at).toBe('2026-11-01T00:00:00.000Z');
  });
});
