import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { useBack } from '../../lib/back.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { useAddressNameField } from '../../lib/useAddressNameField.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { CatalogueGate } from '../../ui/CatalogueGate.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AddressBookForm } from './AddressBookForm.tsx';
import { AddressBookTitleField } from './AddressBookTitleField.tsx';
import { addressBookFailure } from './addressBookErrors.ts';
import { addressBookNetworkName } from './addressBookNetworks.ts';
import { useAddAddressBookEntry } from './addressBookQueries.ts';
import './address-book.css';

/**
 * /account/address-book/{network}/add: an address and its title. The server normalises and
 * checks the address ("Invalid address", "This address is already in your address book");
 * the title follows the name rule. Saved, it returns to the list.
 */
export function AddressBookAddView({ network }: { network: NetworkId }) {
  const { t, i18n } = useLingui();
  // Saved, it returns to the list the way back does.
  const back = useBack({ to: '/account/address-book/$network', params: { network } });
  useScreenActions({ back });
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

  return (
    <Page>
      <CatalogueGate failed={<Trans>Couldn’t load the networks.</Trans>}>
        {(catalogue) => (
          <PageTitle title={<Trans>Add address</Trans>} subtitle={addressBookNetworkName(catalogue, network)} />
        )}
      </CatalogueGate>
      <AddressBookForm
        formError={failure?.field === 'form' ? failure.message : null}
        pending={add.isPending}
        onSubmit={() => {
          const name = title.submit();
          const trimmedAddress = address.trim();
          setAddressMissing(trimmedAddress === '');
          if (name === null || trimmedAddress === '' || add.isPending) return;
          add.mutate(
            { network, address: trimmedAddress, title: name },
            {
              onSuccess: () => {
                toasts.show('success', t`Address saved`);
                back();
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
        <AddressBookTitleField
          field={title}
          serverError={failure?.field === 'title' ? failure.message : null}
          pending={add.isPending}
          placeholder={t`For example, my-exchange`}
          onEdit={() => add.reset()}
        />
      </AddressBookForm>
    </Page>
  );
}
