import { Trans } from '@lingui/react/macro';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { formatAssetAmount } from '../../lib/money.ts';
import { BackLabel } from '../../ui/BackLabel.tsx';
import { NetworkCell } from '../../ui/NetworkCell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { WithdrawDataGate, WithdrawUnavailable } from './WithdrawDataGate.tsx';
import { withdrawAssets, withdrawNetworks } from './withdrawChoices.ts';

/**
 * /wallet/withdraw/{asset}: the networks the asset can be sent on, each with its fee. With only
 * one network there is nothing to choose: the page goes straight to it (replacing itself in the
 * history, so "back" returns to the asset list).
 */
export function ChooseWithdrawNetworkView({ asset: code }: { asset: string }) {
  const navigate = useNavigate();
  return (
    <WithdrawDataGate>
      {({ catalogue, balances }) => {
        const asset = withdrawAssets(catalogue, balances).find((candidate) => candidate.code === code);
        if (!asset) return <WithdrawUnavailable asset={code} />;
        const networks = withdrawNetworks(asset);
        const [only] = networks;
        if (only && networks.length === 1)
          return (
            <Navigate to="/wallet/withdraw/$asset/$network" params={{ asset: code, network: only.network }} replace />
          );
        return (
          <Page>
            <Link to="/wallet/withdraw" className="ui-back-link">
              <BackLabel>
                <Trans>Withdraw</Trans>
              </BackLabel>
            </Link>
            <PageTitle
              title={<Trans>Withdraw {code}</Trans>}
              subtitle={<Trans>Choose the network to send {code} on. The recipient must use the same network.</Trans>}
            />
            <Section>
              {networks.map((network) => {
                const fee = formatAssetAmount(network.withdraw_fee, asset, { full: true });
                return (
                  <NetworkCell
                    key={network.network}
                    network={network}
                    detail={<Trans>Fee {fee}</Trans>}
                    chevron
                    onClick={() =>
                      void navigate({
                        to: '/wallet/withdraw/$asset/$network',
                        params: { asset: code, network: network.network },
                      })
                    }
                  />
                );
              })}
            </Section>
          </Page>
        );
      }}
    </WithdrawDataGate>
  );
}
