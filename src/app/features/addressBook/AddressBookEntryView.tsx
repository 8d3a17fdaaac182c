import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { AddressBookEntry } from '../../../contract/address-book.ts';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { useCopyFeedback } from '../../lib/clipboard.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { BackLink } from '../../ui/BackLink.tsx';
import { Button } from '../../ui/Button.tsx';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { addressBookFailure } from './addressBookErrors.ts';
import { addressBookEntryQueryOptions, useDeleteAddressBookEntry } from './addressBookQueries.ts';
import './address-book.css';

/**
 * /account/address-book/{network}/{id}: the title, the full address with Copy ("Copied" for
 * 2 s), Edit and Delete. Deleting returns to the list, which offers "Restore". An entry of
 * another network is not found here.
 */
export function AddressBookEntryView({ network, id }: { network: NetworkId; id: string }) {
  const { i18n } = useLingui();
  const entry = useQuery(addressBookEntryQueryOptions(id));
  return (
    <Page>
      <BackLink to="/account/address-book/$network" params={{ network }}>
        <Trans>Address book</Trans>
      </BackLink>
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
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const toasts = useToasts();
  const remove = useDeleteAddressBookEntry();
  const { copied, copy } = useCopyFeedback();
  return (
    <>
      <PageTitle title={entry.title} />
      <div className="address-book-card">
        <p className="address-book-address">{entry.address}</p>
        <Button variant="secondary" stretched onClick={() => void copy(entry.address)}>
          {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
        </Button>
      </div>
      <div className="address-book-actions">
        <Link
          to="/account/address-book/$network/$id/edit"
          params={{ network, id: entry.id }}
          className="ui-button ui-button--secondary"
        >
          <Trans>Edit</Trans>
        </Link>
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
