import { queryOptions } from '@tanstack/react-query';
import type { FiatAsset } from '../../../contract/wallet.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';

/** Every fiat currency of the catalogue (GET /wallet/asset), in catalogue order. */
export function fiatCurrenciesQueryOptions() {
  return queryOptions({
    ...assetCatalogueQueryOptions(),
    select: (catalogue): FiatAsset[] =>
      Object.values(catalogue.assets).filter((asset): asset is FiatAsset => asset.is_fiat),
  });
}
