import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { AssetChoiceList } from '../../ui/AssetChoiceList.tsx';
import { AssetChoicePage } from '../../ui/AssetChoicePage.tsx';
import { CatalogueGate } from '../../ui/CatalogueGate.tsx';
import { depositAssets } from './depositChoices.ts';

/** /wallet/deposit: the crypto assets that can be deposited, in catalogue order. */
export function ChooseDepositAssetView() {
  const navigate = useNavigate();
  return (
    <AssetChoicePage title={<Trans>Deposit</Trans>} subtitle={<Trans>Choose what you want to deposit.</Trans>}>
      <CatalogueGate>
        {(catalogue) => (
          <AssetChoiceList
            assets={depositAssets(catalogue)}
            empty={<Trans>Deposits are not available right now.</Trans>}
            onChoose={(asset) => void navigate({ to: '/wallet/deposit/$asset', params: { asset: asset.code } })}
          />
        )}
      </CatalogueGate>
    </AssetChoicePage>
  );
}
