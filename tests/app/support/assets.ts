/**
 * Builders for catalogue fixtures (spec 000 s.3): an asset or network that can deposit and
 * withdraw with no limits and no fees unless a test says otherwise, so each fixture names only
 * what its tests are about.
 */
import type { AssetNetwork, CryptoAsset, FiatAsset } from '../../../src/contract/wallet.ts';

function noLimits() {
  return { min: '0', max: '0' };
}

export function assetNetwork(
  id: string,
  name: string,
  protocol: string,
  overrides: Partial<AssetNetwork> = {},
): AssetNetwork {
  return {
    code: '',
    name,
    network: id,
    protocol,
    limits: { deposit: noLimits(), withdraw: noLimits() },
    permissions: { can_deposit: true, can_withdraw: true },
    max_fee: '0',
    withdraw_fee: '0',
    explorer_url: 'https://explorer.example',
    ...overrides,
  };
}

/** A crypto asset with its networks keyed by id, each carrying the asset's code. */
export function cryptoAsset(
  code: string,
  name: string,
  decimals: number,
  networks: AssetNetwork[],
  overrides: Partial<CryptoAsset> = {},
): CryptoAsset {
  return {
    is_enabled: true,
    is_fiat: false,
    is_stablecoin: false,
    name,
    code,
    url: 'https://example.org',
    decimals,
    view_decimals: 4,
    view_full_decimals: decimals,
    networks: Object.fromEntries(networks.map((entry) => [entry.network, { ...entry, code }])),
    market: { limits: noLimits(), fee: '1' },
    ...overrides,
  };
}

/** A fiat asset as the catalogue serves them: 8 decimals, shown as 2. */
export function fiatAsset(code: string, name: string, symbol: string, overrides: Partial<FiatAsset> = {}): FiatAsset {
  return {
    is_enabled: true,
    is_fiat: true,
    is_stablecoin: false,
    name,
    code,
    symbol,
    decimals: 8,
    view_decimals: 2,
    view_full_decimals: 2,
    market: { limits: noLimits() },
    ...overrides,
  };
}
