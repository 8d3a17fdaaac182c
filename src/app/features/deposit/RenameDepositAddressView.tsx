import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { AddressNameForm } from './AddressNameForm.tsx';
import { depositErrorMessage } from './depositErrors.ts';
import { depositAddressQueryOptions, useRenameDepositAddress } from './depositQueries.ts';

/** …/addresses/{id}/edit: a new name for the address (PATCH …/name), then back to it. */
export function RenameDepositAddressView({ asset, network, id }: { asset: string; network: NetworkId; id: string }) {
  const { t, i18n } = useLingui();
  // Renamed, it returns to the address the way back does.
  const back = useBack({ to: '/wallet/deposit/$asset/$network/addresses/$id', params: { asset, network, id } });
  useScreenActions({ back });
  const address = useQuery(depositAddressQueryOptions(network, id));
  const rename = useRenameDepositAddress(network, id);
  return (
    <Page>
      <PageTitle title={<Trans>Rename address</Trans>} />
      <QueryGate query={address} failed={(error) => i18n._(depositErrorMessage(error, 'load'))}>
        {(data) => (
          <AddressNameForm
            initialName={data.name ?? ''}
            submitLabel={t`Save`}
            pending={rename.isPending}
            serverError={rename.isError ? depositErrorMessage(rename.error, 'rename') : null}
            onEdit={rename.reset}
            onSubmit={(name) => rename.mutate(name, { onSuccess: back })}
          />
        )}
      </QueryGate>
    </Page>
  );
}
