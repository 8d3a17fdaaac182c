import { Trans } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { AssetCell } from '../../ui/AssetCell.tsx';
import { BackLabel } from '../../ui/BackLabel.tsx';
import { Empty } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { CatalogueGate } from './DepositTargetGate.tsx';
import { depositAssets } from './depositChoices.ts';

/** /wallet/deposit: the crypto assets that can be deposited, in catalogue order. */
export function ChooseDepositAssetView() {
  const navigate = useNavigate();
  return (
    <Page>
      <Link to="/" className="ui-back-link">
        <BackLabel>
          <Trans>Wallet</Trans>
        </BackLabel>
      </Link>
      <PageTitle title={<Trans>Deposit</Trans>} subtitle={<Trans>Choose what you want to deposit.</Trans>} />
      <CatalogueGate>
        {(catalogue) => {
          const assets = depositAssets(catalogue);
          if (assets.length === 0)
            return (
              <Empty>
                <p>
                  <Trans>Deposits are not available right now.</Trans>
                </p>
              </Empty>
            );
          return (
            <Section>
              {assets.map((asset) => (
                <AssetCell
                  key={asset.code}
                  asset={asset}
                  chevron
                  onClick={() => void navigate({ to: '/wallet/deposit/$asset', params: { asset: asset.code } })}
                />
              ))}
            </Section>
          );
        }}
      </CatalogueGate>
    </Page>
  );
}
