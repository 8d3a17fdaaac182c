import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { BackLink } from '../../ui/BackLink.tsx';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { AddressNameForm } from './AddressNameForm.tsx';
import { depositErrorMessage } from './depositErrors.ts';
import { depositAddressQueryOptions, useRenameDepositAddress } from './depositQueries.ts';

/** …/addresses/{id}/edit: a new name for the address (PATCH …/name), then back to it. */
export function RenameDepositAddressView({ asset, network, id }: { asset: string; network: NetworkId; id: string }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const address = useQuery(depositAddressQueryOptions(network, id));
  const rename = useRenameDepositAddress(network, id);
  return (
    <Page>
      <BackLink to="/wallet/deposit/$asset/$network/addresses/$id" params={{ asset, network, id }}>
        <Trans>Address</Trans>
      </BackLink>
      <PageTitle title={<Trans>Rename address</Trans>} />
      <QueryGate query={address} failed={(error) => i18n._(depositErrorMessage(error, 'load'))}>
        {(data) => (
          <AddressNameForm
            initialName={data.name ?? ''}
            submitLabel={<Trans>Save</Trans>}
            pending={rename.isPending}
            serverError={rename.isError ? depositErrorMessage(rename.error, 'rename') : null}
            onEdit={rename.reset}
            onSubmit={(name) =>
              rename.mutate(name, {
                onSuccess: () =>
                  void navigate({
                    to: '/wallet/deposit/$asset/$network/addresses/$id',
                    params: { asset, network, id },
                    replace: true,
                  }),
              })
            }
          />
        )}
      </QueryGate>
    </Page>
  );
}
