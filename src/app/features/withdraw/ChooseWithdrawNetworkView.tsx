import { Trans } from '@lingui/react/macro';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { formatAssetAmount } from '../../lib/money.ts';
import { BackLink } from '../../ui/BackLink.tsx';
import { NetworkChoiceList } from '../../ui/NetworkChoiceList.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { withdrawNetworksFor } from './addressNetworks.ts';
import { LazyWithdrawRefusal } from './LazyWithdrawRefusal.tsx';
import { WithdrawDataGate } from './WithdrawDataGate.tsx';
import { withdrawAssets } from './withdrawAssets.ts';

/**
 * /wallet/withdraw/{asset}: the networks the asset can be sent on, each with its fee. With only
 * one network there is nothing to choose: the page goes straight to it (replacing itself in the
 * history, so "back" returns to the asset list). With `?address=` only the networks that address
 * belongs to, and the address goes on to the flow.
 */
export function ChooseWithdrawNetworkView({ asset: code, address }: { asset: string; address?: string }) {
  const search = address === undefined ? {} : { address };
  const navigate = useNavigate();
  return (
    <WithdrawDataGate>
      {({ catalogue, balances }) => {
        const asset = withdrawAssets(catalogue, balances).find((candidate) => candidate.code === code);
        if (!asset) return <LazyWithdrawRefusal reason={{ kind: 'unavailable', asset: code }} />;
        const networks = withdrawNetworksFor(asset, address);
        const [only] = networks;
        if (only && networks.length === 1)
          return (
            <Navigate
              to="/wallet/withdraw/$asset/$network"
              params={{ asset: code, network: only.network }}
              search={search}
              replace
            />
          );
        return (
          <Page>
            <BackLink to="/wallet/withdraw">
              <Trans>Withdraw</Trans>
            </BackLink>
            <PageTitle
              title={<Trans>Withdraw {code}</Trans>}
              subtitle={<Trans>Choose the network to send {code} on. The recipient must use the same network.</Trans>}
            />
            <NetworkChoiceList
              networks={networks}
              detail={(network) => {
                const fee = formatAssetAmount(network.withdraw_fee, asset, { full: true });
                return <Trans>Fee {fee}</Trans>;
              }}
              onChoose={(network) =>
                void navigate({
                  to: '/wallet/withdraw/$asset/$network',
                  params: { asset: code, network: network.network },
                  search,
                })
              }
            />
          </Page>
        );
      }}
    </WithdrawDataGate>
  );
}
