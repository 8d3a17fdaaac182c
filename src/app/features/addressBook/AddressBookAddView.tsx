import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { useAddressNameField } from '../../lib/useAddressNameField.ts';
import { BackLabel } from '../../ui/BackLabel.tsx';
import { Button } from '../../ui/Button.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { addressBookFailure } from './addressBookErrors.ts';
import { addressBookNetworkName } from './addressBookNetworks.ts';
import { useAddAddressBookEntry } from './addressBookQueries.ts';
import { CatalogueGate } from './CatalogueGate.tsx';
import './address-book.css';

/**
 * /account/address-book/{network}/add: an address and its title. The server normalises and
 * checks the address ("Invalid address", "This address is already in your address book");
 * the title follows the name rule. Saved, it returns to the list.
 */
export function AddressBookAddView({ network }: { network: NetworkId }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const toasts = useToasts();
  const add = useAddAddressBookEntry();
  const title = useAddressNameField('');
  const [address, setAddress] = useState('');
  const [addressMissing, setAddressMissing] = useState(false);
  const failure = add.isError ? addressBookFailure(add.error, 'add') : null;
  const addressError = addressMissing ? (
    <Trans>Enter an address</Trans>
  ) : failure?.field === 'address' ? (
    i18n._(failure.message)
  ) : undefined;
  const titleError = title.error ?? (failure?.field === 'title' ? failure.message : null);

  return (
    <Page>
      <Link to="/account/address-book/$network" params={{ network }} className="ui-back-link">
        <BackLabel>
          <Trans>Address book</Trans>
        </BackLabel>
      </Link>
      <CatalogueGate>
        {(catalogue) => (
          <PageTitle title={<Trans>Add address</Trans>} subtitle={addressBookNetworkName(catalogue, network)} />
        )}
      </CatalogueGate>
      <form
        className="address-book-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const name = title.submit();
          const trimmedAddress = address.trim();
          setAddressMissing(trimmedAddress === '');
          if (name === null || trimmedAddress === '' || add.isPending) return;
          add.mutate(
            { network, address: trimmedAddress, title: name },
            {
              onSuccess: () => {
                toasts.show('success', t`Address saved`);
                void navigate({ to: '/account/address-book/$network', params: { network }, replace: true });
              },
            },
          );
        }}
      >
        <TextField
          label={<Trans>Address</Trans>}
          value={address}
          onChange={(value) => {
            add.reset();
            setAddressMissing(false);
            setAddress(value);
          }}
          mono
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={128}
          error={addressError}
          disabled={add.isPending}
        />
        <TextField
          label={<Trans>Title</Trans>}
          value={title.value}
          onChange={(value) => {
            add.reset();
            title.setValue(value);
          }}
          autoComplete="off"
          spellCheck={false}
          placeholder={t`For example, my-exchange`}
          error={titleError ? i18n._(titleError) : undefined}
          disabled={add.isPending}
        />
        {failure?.field === 'form' ? (
          <p className="address-book-error" role="alert">
            {i18n._(failure.message)}
          </p>
        ) : null}
        <Button type="submit" stretched disabled={add.isPending} aria-busy={add.isPending || undefined}>
          <Trans>Save</Trans>
        </Button>
      </form>
    </Page>
  );
}
