import { Trans } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatAssetAmount } from '../../lib/money.ts';
import { AssetCell } from '../../ui/AssetCell.tsx';
import { BackLabel } from '../../ui/BackLabel.tsx';
import { Empty } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { WithdrawDataGate } from './WithdrawDataGate.tsx';
import { availableOf, withdrawAssets } from './withdrawChoices.ts';

/** /wallet/withdraw: the crypto assets that can be withdrawn, those with a balance first, each with what is available. */
export function ChooseWithdrawAssetView() {
  const navigate = useNavigate();
  return (
    <Page>
      <Link to="/" className="ui-back-link">
        <BackLabel>
          <Trans>Wallet</Trans>
        </BackLabel>
      </Link>
      <PageTitle title={<Trans>Withdraw</Trans>} subtitle={<Trans>Choose what you want to send.</Trans>} />
      <WithdrawDataGate>
        {({ catalogue, balances }) => {
          const assets = withdrawAssets(catalogue, balances);
          if (assets.length === 0)
            return (
              <Empty>
                <p>
                  <Trans>Withdrawals are not available right now.</Trans>
                </p>
              </Empty>
            );
          return (
            <Section>
              {assets.map((asset) => {
                const available = formatAssetAmount(availableOf(balances, asset.code), asset);
                return (
                  <AssetCell
                    key={asset.code}
                    asset={asset}
                    subtitle={<Trans>Available {available}</Trans>}
                    chevron
                    onClick={() => void navigate({ to: '/wallet/withdraw/$asset', params: { asset: asset.code } })}
                  />
                );
              })}
            </Section>
          );
        }}
      </WithdrawDataGate>
    </Page>
  );
}
