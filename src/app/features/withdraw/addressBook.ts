import { queryOptions } from '@tanstack/react-query';
import { addressBookEndpoints } from '../../../contract/address-book.ts';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { call } from '../../api/call.ts';

/** The picker shows at most this many saved addresses of the network, newest first. */
export const pickerPageSize = 100;

/** GET /wallet/address-book?network=: the saved addresses the picker offers (its own key: a different page size). */
export function addressPickerQueryOptions(network: NetworkId) {
  return queryOptions({
    queryKey: ['wallet', 'address-book', 'picker', network] as const,
    queryFn: ({ signal }) =>
      call(addressBookEndpoints.listAddressBook, { query: { network, count: pickerPageSize }, signal }),
  });
}
