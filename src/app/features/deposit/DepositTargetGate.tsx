import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { AssetUnavailablePage } from '../../ui/AssetUnavailablePage.tsx';
import { CatalogueGate } from '../../ui/CatalogueGate.tsx';
import { type DepositTarget, depositTarget } from './depositChoices.ts';

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
    <AssetUnavailablePage
      title={<Trans>Deposits unavailable</Trans>}
      reason={<Trans>{asset} can’t be deposited on this network right now.</Trans>}
      assetList="/wallet/deposit"
    />
  );
}
