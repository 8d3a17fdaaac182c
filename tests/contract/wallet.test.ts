import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { decimalString, smallestUnits } from '../../src/contract/amount';
import { assetCatalogue } from '../../src/contract/wallet';

const bitcoin = {
  is_enabled: true,
  is_fiat: false,
  is_stablecoin: false,
  name: 'Bitcoin',
  code: 'BTC',
  url: 'https://bitcoin.org',
  decimals: 8,
  view_decimals: 4,
  view_full_decimals: 8,
  networks: {
    BTC: {
      code: 'BTC',
      name: 'Bitcoin',
      network: 'BTC',
      protocol: 'BTC',
      limits: { deposit: { min: '10000', max: '0' }, withdraw: { min: '10000', max: '500000000' } },
      permissions: { can_deposit: true, can_withdraw: true },
      max_fee: '1000',
      withdraw_fee: '1000',
      explorer_url: 'https://mempool.space/testnet4',
      explorer_address_url: '%explorer_url%/address/%address%',
      explorer_transaction_url: '%explorer_url%/tx/%txid%',
    },
  },
  market: { limits: { min: '5000', max: '50000000' }, fee: '1' },
};

const ruble = {
  is_enabled: true,
  is_fiat: true,
  is_stablecoin: false,
  name: 'Russian ruble',
  code: 'RUB',
  symbol: '₽',
  decimals: 8,
  view_decimals: 2,
  view_full_decimals: 2,
  market: { limits: { min: '10000000000', max: '500000000000000' } },
};

describe('the wallet contract', () => {
  it('takes amounts only as non-negative integer strings in smallest units', () => {
    expect(z.safeParse(smallestUnits, '50000000000000000000000').success).toBe(true);
    expect(z.safeParse(smallestUnits, '0').success).toBe(true);
    for (const bad of ['', '-1', '1.5', '1e18', '007', ' 1']) {
      expect(z.safeParse(smallestUnits, bad).success).toBe(false);
    }
  });

  it('takes prices as plain decimal strings without exponents', () => {
    expect(z.safeParse(decimalString, '0.0000031').success).toBe(true);
    expect(z.safeParse(decimalString, '3.1e-6').success).toBe(false);
  });

  it('accepts a catalogue of crypto assets with networks and fiat assets with symbols, keyed by code', () => {
    expect(z.safeParse(assetCatalogue, { assets: { BTC: bitcoin, RUB: ruble } }).success).toBe(true);
  });

  it('rejects a catalogue whose key is not the asset code', () => {
    expect(z.safeParse(assetCatalogue, { assets: { XBT: bitcoin } }).success).toBe(false);
  });

  it('rejects a fiat asset without a symbol and a crypto asset without networks', () => {
    const { symbol: _symbol, ...rubleWithoutSymbol } = ruble;
    const { networks: _networks, ...bitcoinWithoutNetworks } = bitcoin;
    expect(z.safeParse(assetCatalogue, { assets: { RUB: rubleWithoutSymbol } }).success).toBe(false);
    expect(z.safeParse(assetCatalogue, { assets: { BTC: bitcoinWithoutNetworks } }).success).toBe(false);
  });
});
