import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type AddressBookPage, addressBookEndpoints } from '../../../contract/address-book.ts';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { call } from '../../api/call.ts';

/** Spec 000 s.7: the address book fetches 20 entries divided by the device divider (1 today). */
export const addressBookPageSize = 20;

const addressBookKey = ['wallet', 'address-book'] as const;

/** How many entries the pages so far hold; the next offset while fewer than `total` are loaded. */
export function nextOffset(lastPage: AddressBookPage, pages: readonly AddressBookPage[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return loaded < lastPage.total && lastPage.items.length > 0 ? loaded : undefined;
}

/** GET /wallet/address-book for one network, newest first, 20 at a time; `search` narrows it. */
export function addressBookQueryOptions(network: NetworkId, search = '') {
  return infiniteQueryOptions({
    queryKey: [...addressBookKey, 'list', network, search] as const,
    queryFn: ({ signal, pageParam }) =>
      call(addressBookEndpoints.listAddressBook, {
        signal,
        query: { network, count: addressBookPageSize, offset: pageParam, search: search === '' ? undefined : search },
      }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

/** GET /wallet/address-book/{id}. */
export function addressBookEntryQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...addressBookKey, 'entry', id] as const,
    queryFn: ({ signal }) => call(addressBookEndpoints.getAddressBookEntry, { params: { id }, signal }),
  });
}

/** After any change every list and entry of the book is stale. */
function useRefreshAddressBook() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: addressBookKey });
}

/** POST /wallet/address-book: the server normalises and checks the address. */
export function useAddAddressBookEntry() {
  const refresh = useRefreshAddressBook();
  return useMutation({
    mutationFn: (entry: { network: NetworkId; address: string; title: string }) =>
      call(addressBookEndpoints.addAddressBookEntry, { body: entry }),
    onSuccess: refresh,
  });
}

/** PUT /wallet/address-book/{id}: a new title. */
export function useRenameAddressBookEntry(id: string) {
  const refresh = useRefreshAddressBook();
  return useMutation({
    mutationFn: (title: string) =>
      call(addressBookEndpoints.updateAddressBookEntry, { params: { id }, body: { title } }),
    onSuccess: refresh,
  });
}

/** DELETE /wallet/address-book/{id}: soft, so it can be restored. */
export function useDeleteAddressBookEntry() {
  const refresh = useRefreshAddressBook();
  return useMutation({
    mutationFn: (id: string) => call(addressBookEndpoints.deleteAddressBookEntry, { params: { id } }),
    onSuccess: refresh,
  });
}

/** POST /wallet/address-book/{id}/restore. */
export function useRestoreAddressBookEntry() {
  const refresh = useRefreshAddressBook();
  return useMutation({
    mutationFn: (id: string) => call(addressBookEndpoints.restoreAddressBookEntry, { params: { id } }),
    onSuccess: refresh,
  });
}
