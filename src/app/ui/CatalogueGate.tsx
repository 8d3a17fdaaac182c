import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AssetCatalogue } from '../../contract/wallet.ts';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { QueryGate } from './LoadStates.tsx';

/**
 * Renders `children` with the asset catalogue once it is loaded; loading and failure (with
 * "Try again") in between. `failed` names what the page could not load, the assets by default.
 */
export function CatalogueGate({
  failed = <Trans>Couldn’t load the assets.</Trans>,
  children,
}: {
  failed?: ReactNode;
  children: (catalogue: AssetCatalogue) => ReactNode;
}) {
  const catalogue = useQuery(assetCatalogueQueryOptions());
  return (
    <QueryGate query={catalogue} failed={() => failed}>
      {children}
    </QueryGate>
  );
}
