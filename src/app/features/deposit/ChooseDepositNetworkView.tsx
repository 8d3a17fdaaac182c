import { Trans } from '@lingui/react/macro';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useBack } from '../../lib/back.ts';
import { formatAssetAmount } from '../../lib/money.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { CatalogueGate } from '../../ui/CatalogueGate.tsx';
import { NetworkChoiceList } from '../../ui/NetworkChoiceList.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { DepositUnavailable } from './DepositTargetGate.tsx';
import { depositAssets, depositNetworks } from './depositChoices.ts';

/**
 * /wallet/deposit/{asset}: the networks the asset can be deposited on, each with its minimum.
 * With only one network there is nothing to choose: the page goes straight to it (replacing
 * itself in the history, so "back" returns to the asset list).
 */
export function ChooseDepositNetworkView({ asset: code }: { asset: string }) {
  const navigate = useNavigate();
  useScreenActions({ back: useBack({ to: '/wallet/deposit' }) });
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
            <PageTitle
              title={<Trans>Deposit {code}</Trans>}
              subtitle={<Trans>Choose the network you will send {code} from.</Trans>}
            />
            <NetworkChoiceList
              networks={networks}
              detail={(network) => {
                const minimum = formatAssetAmount(network.limits.deposit.min, asset, { full: true });
                return <Trans>Minimum {minimum}</Trans>;
              }}
              onChoose={(network) =>
                void navigate({
                  to: '/wallet/deposit/$asset/$network',
                  params: { asset: code, network: network.network },
                })
              }
            />
          </Page>
        );
      }}
    </CatalogueGate>
  );
}
