import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { AddressCard } from './AddressCard.tsx';
import { DepositNotice } from './DepositNotice.tsx';
import { DepositTargetGate } from './DepositTargetGate.tsx';
import { depositErrorMessage } from './depositErrors.ts';
import { depositAddressQueryOptions } from './depositQueries.ts';

/** …/addresses/{id}: one address with its QR code, Copy and Share (the screen's actions), and the way to rename it. */
export function DepositAddressDetailView({ asset, network, id }: { asset: string; network: NetworkId; id: string }) {
  const { t, i18n } = useLingui();
  const address = useQuery(depositAddressQueryOptions(network, id));
  useScreenActions({ back: useBack({ to: '/wallet/deposit/$asset/$network/addresses', params: { asset, network } }) });
  return (
    <DepositTargetGate asset={asset} network={network}>
      {(target) => (
        <Page>
          <QueryGate query={address} failed={(error) => i18n._(depositErrorMessage(error, 'load'))}>
            {(data) => (
              <>
                <PageTitle title={data.name ?? <Trans>Main address</Trans>} subtitle={target.network.name} />
                <AddressCard address={data.address} qrLabel={t`QR code of your ${asset} address`} />
                <DepositNotice target={target} />
                <Link
                  to="/wallet/deposit/$asset/$network/addresses/$id/edit"
                  params={{ asset, network, id }}
                  className="ui-button ui-button--plain ui-button--stretched"
                >
                  <Trans>Rename</Trans>
                </Link>
              </>
            )}
          </QueryGate>
        </Page>
      )}
    </DepositTargetGate>
  );
}
