import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { AddressBookEntry } from '../../../contract/address-book.ts';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { shortenAddress } from '../../lib/address.ts';
import { useBack } from '../../lib/back.ts';
import { useAddressNameField } from '../../lib/useAddressNameField.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { AddressBookForm } from './AddressBookForm.tsx';
import { AddressBookTitleField } from './AddressBookTitleField.tsx';
import { addressBookFailure } from './addressBookErrors.ts';
import { addressBookEntryQueryOptions, useRenameAddressBookEntry } from './addressBookQueries.ts';
import './address-book.css';

/** /account/address-book/{network}/{id}/edit: a new title (PUT), then back (to the entry). */
export function AddressBookEditView({ network, id }: { network: NetworkId; id: string }) {
  const { i18n } = useLingui();
  const entry = useQuery(addressBookEntryQueryOptions(id));
  const back = useBack({ to: '/account/address-book/$network/$id', params: { network, id } });
  useScreenActions({ back });
  return (
    <Page>
      <PageTitle title={<Trans>Edit address</Trans>} />
      <QueryGate query={entry} failed={(error) => i18n._(addressBookFailure(error, 'load').message)}>
        {(data) => <TitleForm entry={data} back={back} />}
      </QueryGate>
    </Page>
  );
}

function TitleForm({ entry, back }: { entry: AddressBookEntry; back: () => void }) {
  const title = useAddressNameField(entry.title);
  const rename = useRenameAddressBookEntry(entry.id);
  const failure = rename.isError ? addressBookFailure(rename.error, 'edit') : null;
  return (
    <AddressBookForm
      formError={failure && failure.field !== 'title' ? failure.message : null}
      pending={rename.isPending}
      onSubmit={() => {
        const name = title.submit();
        if (name === null || rename.isPending) return;
        rename.mutate(name, { onSuccess: back });
      }}
    >
      <p className="address-book-mono address-book-hint">{shortenAddress(entry.address)}</p>
      <AddressBookTitleField
        field={title}
        serverError={failure?.field === 'title' ? failure.message : null}
        pending={rename.isPending}
        onEdit={() => rename.reset()}
      />
    </AddressBookForm>
  );
}
