import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { depositAddressLimit } from '../../../contract/deposit-address.ts';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { shortenAddress } from '../../lib/address.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { DepositTargetGate } from './DepositTargetGate.tsx';
import { depositErrorMessage } from './depositErrors.ts';
import { depositAddressesQueryOptions } from './depositQueries.ts';

/** …/{asset}/{network}/addresses: the network's addresses, main first; "New address" is the main action. */
export function DepositAddressesView({ asset, network }: { asset: string; network: NetworkId }) {
  const { t, i18n } = useLingui();
  const addresses = useQuery(depositAddressesQueryOptions(network));
  const navigate = useNavigate();
  const canAdd = addresses.data !== undefined && addresses.data.items.length < depositAddressLimit;
  useScreenActions({
    main: canAdd
      ? {
          label: t`New address`,
          onPress: () => void navigate({ to: '/wallet/deposit/$asset/$network/new', params: { asset, network } }),
        }
      : null,
    back: useBack({ to: '/wallet/deposit/$asset/$network', params: { asset, network } }),
  });
  return (
    <DepositTargetGate asset={asset} network={network}>
      {(target) => {
        const networkName = target.network.name;
        return (
          <Page>
            <PageTitle
              title={<Trans>Addresses</Trans>}
              subtitle={<Trans>Each of them receives every asset on {networkName}.</Trans>}
            />
            <QueryGate query={addresses} failed={(error) => i18n._(depositErrorMessage(error, 'load'))}>
              {({ items }) => (
                <>
                  <Section>
                    {items.map((item) => (
                      <Link
                        key={item.id}
                        to="/wallet/deposit/$asset/$network/addresses/$id"
                        params={{ asset, network, id: item.id }}
                      >
                        <Cell
                          title={item.name ?? <Trans>Main address</Trans>}
                          subtitle={<span className="deposit-mono">{shortenAddress(item.address)}</span>}
                          chevron
                        />
                      </Link>
                    ))}
                  </Section>
                  {items.length < depositAddressLimit ? null : (
                    <p className="deposit-hint">
                      <Trans>You can have up to {depositAddressLimit} addresses on a network.</Trans>
                    </p>
                  )}
                </>
              )}
            </QueryGate>
          </Page>
        );
      }}
    </DepositTargetGate>
  );
}
