import { useQuery } from '@tanstack/react-query';
import { p2cFiat } from '../../../contract/p2c.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { formatCrypto, formatFiat } from '../../lib/p2p/offerFormat.ts';

/**
 * How the QR payment screens write money, by the catalogue's rules (lib/money.ts): roubles as the
 * code asks for them ("1 500 ₽"), crypto at its full precision ("15.937304 USDT").
 */
export function usePayMoney() {
  const catalogue = useQuery(assetCatalogueQueryOptions());
  return {
    fiat: (amount: string) => formatFiat(amount, p2cFiat, catalogue.data),
    crypto: (smallest: string, asset: string) => formatCrypto(smallest, asset, catalogue.data),
  };
}
