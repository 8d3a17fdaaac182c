/**
 * Crypto amounts in the market's and P2C's screens (src/app/lib/p2p/offerFormat.ts): at the
 * asset's full precision, and never as bare smallest units while the catalogue is not there yet.
 */
import { describe, expect, it } from 'vitest';
import { formatCrypto } from '../../../src/app/lib/p2p/offerFormat.ts';
import type { AssetCatalogue } from '../../../src/contract/wallet.ts';
import { cryptoAsset } from '../support/assets.ts';

const catalogue: AssetCatalogue = {
  assets: { USDT: cryptoAsset('USDT', 'Tether', 6, [], { view_decimals: 2, view_full_decimals: 6 }) },
};

describe('formatCrypto', () => {
  it('shows smallest units at the asset’s full precision', () => {
    expect(formatCrypto('29500000', 'USDT', catalogue)).toBe('29.5\u00a0USDT');
    expect(formatCrypto('1250500001', 'USDT', catalogue)).toBe('1\u00a0250.500001\u00a0USDT');
  });

  it('shows an ellipsis, never the bare smallest units, while the catalogue has not answered', () => {
    expect(formatCrypto('29500000', 'USDT', undefined)).toBe('…\u00a0USDT');
  });
});
