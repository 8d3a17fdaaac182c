import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MarketAsset, MarketConfig, MarketFiat } from '../../../contract/p2p-market.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { marketFiatsQueryOptions } from '../../api/p2pMethodsQueries.ts';
import { marketAssetsQueryOptions, marketConfigQueryOptions } from '../../api/p2pQueries.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { LoadFailed, Loading } from '../../ui/LoadStates.tsx';

/** What every list and choice page of the market needs before it can say anything. */
export interface MarketReference {
  config: MarketConfig;
  assets: readonly MarketAsset[];
  fiats: readonly MarketFiat[];
  /** The wallet's catalogue: decimals and signs for showing amounts. */
  catalogue: AssetCatalogue;
}

/** Loads the market's configuration, assets and fiats and the wallet catalogue; loading and failure (with "Try again") in between. */
export function MarketReferenceGate({ children }: { children: (reference: MarketReference) => ReactNode }) {
  const config = useQuery(marketConfigQueryOptions());
  const assets = useQuery(marketAssetsQueryOptions());
  const fiats = useQuery(marketFiatsQueryOptions());
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const queries = [config, assets, fiats, catalogue];
  if (queries.some((query) => query.isError)) {
    return (
      <LoadFailed
        message={<Trans>Couldn’t load the market.</Trans>}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
      />
    );
  }
  if (
    config.data === undefined ||
    assets.data === undefined ||
    fiats.data === undefined ||
    catalogue.data === undefined
  )
    return <Loading />;
  return children({
    config: config.data,
    assets: assets.data.assets,
    fiats: fiats.data.fiats,
    catalogue: catalogue.data,
  });
}
