import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { decimalString, smallestUnits } from '../../src/contract/amount';
import { assetCatalogue } from '../../src/contract/wallet';
import { assetNetwork, cryptoAsset, fiatAsset } from '../app/support/assets.ts';

const bitcoin = cryptoAsset(
  'BTC',
  'Bitcoin',
  8,
  [
    assetNetwork('BTC', 'Bitcoin', 'BTC', {
      limits: { deposit: { min: '10000', max: '0' }, withdraw: { min: '10000', max: '500000000' } },
      max_fee: '1000',
      withdraw_fee: '1000',
      explorer_url: 'https://mempool.space/testnet4',
      explorer_address_url: '%explorer_url%/address/%address%',
      explorer_transaction_url: '%explorer_url%/tx/%txid%',
    }),
  ],
  { url: 'https://bitcoin.org', market: { limits: { min: '5000', max: '50000000' }, fee: '1' } },
);

const ruble = fiatAsset('RUB', 'Russian ruble', '₽', {
  market: { limits: { min: '10000000000', max: '500000000000000' } },
});

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
