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

/**
 * The address inside a scanned QR code: payment links carry it after a scheme ("ethereum:0x…@1",
 * "ton://transfer/UQ…?amount=1", "bitcoin:bc1…?amount=0.1"); a bare address is kept as it is.
 * Whether it is valid is the address check's job.
 */
export function addressFromQr(text: string): string {
  const withoutScheme = text.trim().replace(/^[a-z][a-z0-9+.-]*:(\/\/)?/i, '');
  const withoutAction = withoutScheme.replace(/^transfer\//i, '');
  return withoutAction.split(/[?@/]/)[0] ?? '';
}
