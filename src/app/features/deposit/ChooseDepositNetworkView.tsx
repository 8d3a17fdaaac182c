import { Trans } from '@lingui/react/macro';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { formatAssetAmount } from '../../lib/money.ts';
import { BackLabel } from '../../ui/BackLabel.tsx';
import { NetworkCell } from '../../ui/NetworkCell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { CatalogueGate, DepositUnavailable } from './DepositTargetGate.tsx';
import { depositAssets, depositNetworks } from './depositChoices.ts';

/**
 * /wallet/deposit/{asset}: the networks the asset can be deposited on, each with its minimum.
 * With only one network there is nothing to choose: the page goes straight to it (replacing
 * itself in the history, so "back" returns to the asset list).
 */
export function ChooseDepositNetworkView({ asset: code }: { asset: string }) {
  const navigate = useNavigate();
  return (
    <CatalogueGate>
      {(catalogue) => {
        const asset = depositAssets(catalogue).find((candidate) => candidate.code === code);
        if (!asset) return <DepositUnavailable asset={code} />;
        const networks = depositNetworks(asset);
        const [only] = networks;
        if (only && networks.length === 1)
          return (
            <Navigate to="/wallet/deposit/$asset/$network" params={{ asset: code, network: only.network }} replace />
          );
        return (
          <Page>
            <Link to="/wallet/deposit" className="ui-back-link">
              <BackLabel>
                <Trans>Deposit</Trans>
              </BackLabel>
            </Link>
            <PageTitle
              title={<Trans>Deposit {code}</Trans>}
              subtitle={<Trans>Choose the network you will send {code} from.</Trans>}
            />
            <Section>
              {networks.map((network) => {
                const minimum = formatAssetAmount(network.limits.deposit.min, asset, { full: true });
                return (
                  <NetworkCell
                    key={network.network}
                    network={network}
                    detail={<Trans>Minimum {minimum}</Trans>}
                    chevron
                    onClick={() =>
                      void navigate({
                        to: '/wallet/deposit/$asset/$network',
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
    </CatalogueGate>
  );
}
