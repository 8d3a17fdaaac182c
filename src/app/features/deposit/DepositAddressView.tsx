import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { AssetIcon } from '../../ui/AssetIcon.tsx';
import { LoadFailed, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { AddressCard } from './AddressCard.tsx';
import { DepositNotice } from './DepositNotice.tsx';
import { DepositTargetGate } from './DepositTargetGate.tsx';
import { type DepositTarget, depositNetworks } from './depositChoices.ts';
import { depositErrorMessage } from './depositErrors.ts';
import { depositAddressesQueryOptions } from './depositQueries.ts';

/**
 * /wallet/deposit/{asset}/{network}: the network's main address (the server makes it the first
 * time it is asked for) as a QR code and in full, with Copy and Share (the screen's actions), what
 * to send and the minimum, and the way to the network's other addresses.
 */
export function DepositAddressView({ asset, network }: { asset: string; network: NetworkId }) {
  return (
    <DepositTargetGate asset={asset} network={network}>
      {(target) => <DepositAddressPage target={target} asset={asset} network={network} />}
    </DepositTargetGate>
  );
}

function DepositAddressPage({ target, asset, network }: { target: DepositTarget; asset: string; network: NetworkId }) {
  const backToNetworks = useBack({ to: '/wallet/deposit/$asset', params: { asset } });
  const backToAssets = useBack({ to: '/wallet/deposit' });
  // The network page of a one-network asset forwards here, so back skips it.
  useScreenActions({ back: depositNetworks(target.asset).length > 1 ? backToNetworks : backToAssets });
  return (
    <Page>
      <div className="deposit-heading">
        <AssetIcon code={asset} size={48} network={network} />
        <PageTitle title={<Trans>Deposit {asset}</Trans>} subtitle={target.network.name} />
      </div>
      <MainAddress asset={asset} network={network} />
      <DepositNotice target={target} />
      <Link
        to="/wallet/deposit/$asset/$network/addresses"
        params={{ asset, network }}
        className="ui-button ui-button--plain ui-button--stretched"
      >
        <Trans>Other addresses</Trans>
      </Link>
    </Page>
  );
}

function MainAddress({ asset, network }: { asset: string; network: NetworkId }) {
  const { t, i18n } = useLingui();
  const addresses = useQuery(depositAddressesQueryOptions(network));
  return (
    <QueryGate query={addresses} failed={(error) => i18n._(depositErrorMessage(error, 'load'))}>
      {({ items }) => {
        const main = items.find((item) => item.is_main) ?? items[0];
        // The server makes the main address on this very call, so an empty list is its fault.
        if (!main)
          return (
            <LoadFailed message={<Trans>Couldn’t get your address.</Trans>} onRetry={() => void addresses.refetch()} />
          );
        return <AddressCard address={main.address} qrLabel={t`QR code of your ${asset} address`} />;
      }}
    </QueryGate>
  );
}
