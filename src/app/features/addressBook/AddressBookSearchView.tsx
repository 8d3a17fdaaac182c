import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AddressBookEntries } from './AddressBookEntries.tsx';
import { useDebouncedValue } from './useDebouncedValue.ts';
import './address-book.css';

/** Spec 000 s.9 throttles query-string updates to 300 ms; the search waits as long for a pause. */
export const searchDebounceMs = 300;

/** /account/address-book/{network}/search: entries whose title or address matches what is typed. */
export function AddressBookSearchView({ network }: { network: NetworkId }) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), searchDebounceMs);
  useScreenActions({ back: useBack({ to: '/account/address-book/$network', params: { network } }) });
  return (
    <Page>
      <PageTitle title={<Trans>Search</Trans>} />
      <TextField
        label={<Trans>Title or address</Trans>}
        type="search"
        value={typed}
        onChange={setTyped}
        placeholder={t`Search`}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={128}
        autoFocus
      />
      {search === '' ? null : (
        <AddressBookEntries
          network={network}
          search={search}
          empty={
            <p>
              <Trans>Nothing found</Trans>
            </p>
          }
        />
      )}
    </Page>
  );
}
