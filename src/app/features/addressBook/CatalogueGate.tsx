import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { QueryGate } from '../../ui/LoadStates.tsx';

/** Renders `children` with the catalogue (network names) once loaded; loading and failure in between. */
export function CatalogueGate({ children }: { children: (catalogue: AssetCatalogue) => ReactNode }) {
  const catalogue = useQuery(assetCatalogueQueryOptions());
  return (
    <QueryGate query={catalogue} failed={() => <Trans>Couldn’t load the networks.</Trans>}>
      {children}
    </QueryGate>
  );
}
