import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { AddressBookEntry } from '../../../contract/address-book.ts';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { shortenAddress } from '../../lib/address.ts';
import { useAddressNameField } from '../../lib/useAddressNameField.ts';
import { BackLabel } from '../../ui/BackLabel.tsx';
import { Button } from '../../ui/Button.tsx';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { addressBookFailure } from './addressBookErrors.ts';
import { addressBookEntryQueryOptions, useRenameAddressBookEntry } from './addressBookQueries.ts';
import './address-book.css';

/** /account/address-book/{network}/{id}/edit: a new title (PUT), then back to the entry. */
export function AddressBookEditView({ network, id }: { network: NetworkId; id: string }) {
  const { i18n } = useLingui();
  const entry = useQuery(addressBookEntryQueryOptions(id));
  return (
    <Page>
      <Link to="/account/address-book/$network/$id" params={{ network, id }} className="ui-back-link">
        <BackLabel>
          <Trans>Address</Trans>
        </BackLabel>
      </Link>
      <PageTitle title={<Trans>Edit address</Trans>} />
      <QueryGate query={entry} failed={(error) => i18n._(addressBookFailure(error, 'load').message)}>
        {(data) => <TitleForm entry={data} network={network} />}
      </QueryGate>
    </Page>
  );
}

function TitleForm({ entry, network }: { entry: AddressBookEntry; network: NetworkId }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const title = useAddressNameField(entry.title);
  const rename = useRenameAddressBookEntry(entry.id);
  const failure = rename.isError ? addressBookFailure(rename.error, 'edit') : null;
  const titleError = title.error ?? (failure?.field === 'title' ? failure.message : null);
  return (
    <form
      className="address-book-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const name = title.submit();
        if (name === null || rename.isPending) return;
        rename.mutate(name, {
          onSuccess: () =>
            void navigate({
              to: '/account/address-book/$network/$id',
              params: { network, id: entry.id },
              replace: true,
            }),
        });
      }}
    >
      <p className="address-book-mono address-book-hint">{shortenAddress(entry.address)}</p>
      <TextField
        label={<Trans>Title</Trans>}
        value={title.value}
        onChange={(value) => {
          rename.reset();
          title.setValue(value);
        }}
        autoComplete="off"
        spellCheck={false}
        error={titleError ? i18n._(titleError) : undefined}
        disabled={rename.isPending}
      />
      {failure && failure.field !== 'title' ? (
        <p className="address-book-error" role="alert">
          {i18n._(failure.message)}
        </p>
      ) : null}
      <Button type="submit" stretched disabled={rename.isPending} aria-busy={rename.isPending || undefined}>
        <Trans>Save</Trans>
      </Button>
    </form>
  );
}
