/**
 * Assets as the default catalogue serves them (spec 000 s.3 and s.9), for the formatting tests:
 * crypto with 4 list decimals (2 for stablecoins), fiat with 8 decimals shown as 2.
 */
import type { CryptoAsset, FiatAsset } from '../../../src/contract/wallet.ts';
import { cryptoAsset, fiatAsset } from '../support/assets.ts';

function crypto(code: string, decimals: number, isStablecoin: boolean): CryptoAsset {
  return cryptoAsset(code, code, decimals, [], {
    is_stablecoin: isStablecoin,
    view_decimals: isStablecoin ? 2 : 4,
    view_full_decimals: Math.min(decimals, isStablecoin ? 6 : 9),
    url: 'https://example.com',
  });
}

function fiat(code: string, symbol: string): FiatAsset {
  return fiatAsset(code, code, symbol);
}

export const btc = crypto('BTC', 8, false);
export const ton = crypto('TON', 9, false);
export const eth = crypto('ETH', 18, false);
export const trx = crypto('TRX', 6, false);
export const usdt = crypto('USDT', 18, true);
export const jet = crypto('JET', 9, true);
export const rub = fiat('RUB', '₽');
export const usd = fiat('USD', '$');
export const eur = fiat('EUR', '€');
export const uah = fiat('UAH', '₴');
export const kgs = fiat('KGS', 'KGS');

export const cryptoAssets = [btc, ton, eth, trx, usdt, jet] as const;
export const fiatAssets = [rub, usd, eur, uah, kgs] as const;
export const allAssets = [...cryptoAssets, ...fiatAssets] as const;
