import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import type { AssetBalance } from '../../../contract/wallet-operations.ts';
import { assetCatalogueQueryOptions, balanceQueryOptions } from '../../api/walletQueries.ts';
import { LoadFailed, Loading } from '../../ui/LoadStates.tsx';

export interface WithdrawData {
  catalogue: AssetCatalogue;
  balances: readonly AssetBalance[];
}

/**
 * Renders `children` once the catalogue and the balance are loaded; loading and failure in
 * between. The balance keeps refreshing every 5 s (its query's interval) while a page shows it.
 */
export function WithdrawDataGate({ children }: { children: (data: WithdrawData) => ReactNode }) {
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const balance = useQuery(balanceQueryOptions());
  if (catalogue.isError || balance.isError) {
    return (
      <LoadFailed
        message={<Trans>Couldn’t load your balance.</Trans>}
        onRetry={() => {
          if (catalogue.isError) void catalogue.refetch();
          if (balance.isError) void balance.refetch();
        }}
      />
    );
  }
  if (catalogue.isPending || balance.isPending) return <Loading />;
  return children({ catalogue: catalogue.data, balances: balance.data.balances });
}
