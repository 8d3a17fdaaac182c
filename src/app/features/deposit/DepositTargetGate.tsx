import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { type DepositTarget, depositTarget } from './depositChoices.ts';

/** Renders `children` with the catalogue once it is loaded; loading and failure in between. */
export function CatalogueGate({ children }: { children: (catalogue: AssetCatalogue) => ReactNode }) {
  const catalogue = useQuery(assetCatalogueQueryOptions());
  return (
    <QueryGate query={catalogue} failed={() => <Trans>Couldn’t load the assets.</Trans>}>
      {children}
    </QueryGate>
  );
}

/**
 * The pages of one asset on one network: `children` get both from the catalogue; a pair that
 * takes no deposits (unknown, disabled, or can_deposit off) gets a page that says so.
 */
export function DepositTargetGate({
  asset,
  network,
  children,
}: {
  asset: string;
  network: string;
  children: (target: DepositTarget, catalogue: AssetCatalogue) => ReactNode;
}) {
  return (
    <CatalogueGate>
      {(catalogue) => {
        const target = depositTarget(catalogue, asset, network);
        return target ? children(target, catalogue) : <DepositUnavailable asset={asset} />;
      }}
    </CatalogueGate>
  );
}

export function DepositUnavailable({ asset }: { asset: string }) {
  return (
    <Page centered>
      <PageTitle
        title={<Trans>Deposits unavailable</Trans>}
        subtitle={<Trans>{asset} can’t be deposited on this network right now.</Trans>}
      />
      <Link to="/wallet/deposit" className="ui-button ui-button--primary ui-button--stretched">
        <Trans>Choose another asset</Trans>
      </Link>
    </Page>
  );
}
