import { queryOptions } from '@tanstack/react-query';
import { type FiatAsset, walletEndpoints } from '../../../contract/wallet.ts';
import { call } from '../../api/call.ts';

/** Every fiat currency of the catalogue (GET /wallet/asset), in catalogue order. */
export function fiatCurrenciesQueryOptions() {
  return queryOptions({
    queryKey: ['wallet', 'asset'],
    queryFn: ({ signal }) => call(walletEndpoints.listAssets, { signal }),
    // The same for everyone: kept when the person logs out.
    meta: { public: true },
    select: (catalogue): FiatAsset[] =>
      Object.values(catalogue.assets).filter((asset): asset is FiatAsset => asset.is_fiat),
  });
}
