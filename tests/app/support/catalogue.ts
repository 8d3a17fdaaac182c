/**
 * A small catalogue for the deposit and address-book tests: USDT on two networks (TRX, ETH),
 * ETH on one, TON on one, BTC whose only network takes no deposits, a disabled asset, and a fiat.
 */
import type { AssetCatalogue, AssetNetwork } from '../../../src/contract/wallet.ts';
import { assetNetwork, cryptoAsset as crypto, fiatAsset } from './assets.ts';

function network(id: string, name: string, protocol: string, depositMin: string, canDeposit = true): AssetNetwork {
  return assetNetwork(id, name, protocol, {
    limits: { deposit: { min: depositMin, max: '0' }, withdraw: { min: '0', max: '0' } },
    permissions: { can_deposit: canDeposit, can_withdraw: true },
  });
}

export const catalogue: AssetCatalogue = {
  assets: {
    USDT: crypto(
      'USDT',
      'Tether',
      18,
      [
        network('TRX', 'Tron (TRC20)', 'TRC20', '1000000000000000000'),
        network('ETH', 'Ethereum (ERC20)', 'ERC20', '10000000000000000000'),
      ],
      { is_stablecoin: true, view_decimals: 2, view_full_decimals: 6 },
    ),
    TON: crypto('TON', 'Toncoin', 9, [network('TON', 'TON', 'TON', '500000000')]),
    BTC: crypto('BTC', 'Bitcoin', 8, [network('BTC', 'Bitcoin', 'BTC', '10000', false)]),
    ETH: crypto('ETH', 'Ethereum', 18, [network('ETH', 'Ethereum (ERC20)', 'ERC20', '0')]),
    LTC: crypto('LTC', 'Litecoin', 8, [network('LTC', 'Litecoin', 'LTC', '100000')], { is_enabled: false }),
    RUB: fiatAsset('RUB', 'Russian ruble', '₽'),
  },
};
