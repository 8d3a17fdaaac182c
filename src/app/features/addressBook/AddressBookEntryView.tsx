import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { AddressBookEntry } from '../../../contract/address-book.ts';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { useBack } from '../../lib/back.ts';
import { useCopyFeedback } from '../../lib/clipboard.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { addressBookFailure } from './addressBookErrors.ts';
import { addressBookEntryQueryOptions, useDeleteAddressBookEntry } from './addressBookQueries.ts';
import './address-book.css';

/**
 * /account/address-book/{network}/{id}: the title and the full address; "Copy address" ("Copied"
 * for 2 s) is the main action, Edit the second one, Delete stays in the page. Deleting returns to the list, which offers "Restore". An entry of
 * another network is not found here.
 */
export function AddressBookEntryView({ network, id }: { network: NetworkId; id: string }) {
  const { i18n } = useLingui();
  const entry = useQuery(addressBookEntryQueryOptions(id));
  useScreenActions({ back: useBack({ to: '/account/address-book/$network', params: { network } }) });
  return (
    <Page>
      <QueryGate query={entry} failed={(error) => i18n._(addressBookFailure(error, 'load').message)}>
        {(data) =>
          data.network === network ? (
            <EntryDetails entry={data} network={network} />
          ) : (
            <Empty>
              <p>
                <Trans>Address not found</Trans>
              </p>
            </Empty>
          )
        }
      </QueryGate>
    </Page>
  );
}

function EntryDetails({ entry, network }: { entry: AddressBookEntry; network: NetworkId }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const toasts = useToasts();
  const remove = useDeleteAddressBookEntry();
  const { copied, copy } = useCopyFeedback();
  useScreenActions({
    main: { label: copied ? t`Copied` : t`Copy address`, onPress: () => void copy(entry.address) },
    secondary: {
      label: t`Edit`,
      onPress: () =>
        void navigate({ to: '/account/address-book/$network/$id/edit', params: { network, id: entry.id } }),
    },
  });
  return (
    <>
      <PageTitle title={entry.title} />
      <div className="address-book-card">
        <p className="address-book-address">{entry.address}</p>
      </div>
      <div className="address-book-actions">
        <Button
          variant="destructive"
          disabled={remove.isPending}
          aria-busy={remove.isPending || undefined}
          onClick={() =>
            remove.mutate(entry.id, {
              onSuccess: () =>
                void navigate({
                  to: '/account/address-book/$network',
                  params: { network },
                  search: { deleted: entry.id },
                  replace: true,
                }),
              onError: (error) => toasts.show('error', i18n._(addressBookFailure(error, 'delete').message)),
            })
          }
        >
          <Trans>Delete</Trans>
        </Button>
      </div>
    </>
  );
}
