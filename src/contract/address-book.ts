import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { resultAnswer } from './result-answer';
import { addressName } from './wallet-names';
import { chainAddress, isoDateTime, networkId } from './wallet-operations';

/** A saved withdrawal address (spec 000 s.3 "Address book entry"). */
export const addressBookEntry = z.object({
  id: z.string(),
  address: z.string(),
  /** The display name. */
  title: z.string(),
  network: networkId,
  created_at: isoDateTime,
});
export type AddressBookEntry = z.infer<typeof addressBookEntry>;

export const addressBookPage = z.object({
  items: z.array(addressBookEntry),
  /** How many entries match in all (for "load more"). */
  total: z.number(),
});
export type AddressBookPage = z.infer<typeof addressBookPage>;

/** Stable error codes of the address book (spec 000 s.8). */
export const addressBookErrorCodes = {
  /** 404: no entry with that id for this user (deleted ones included for restore). */
  addressNotFound: 'address_not_found',
  /** 409: restore of an entry that is not deleted. */
  addressNotDeleted: 'address_not_deleted',
  /** 409: the same address is already in the book for that network. */
  addressExists: 'address_exists',
  /** 422, data { result }: the address failed the network's check. */
  addressRejected: 'address_rejected',
} as const;

export const addressBookEndpoints = {
  /** The entries of one network (or all), newest first; `search` matches title or address. */
  listAddressBook: defineEndpoint({
    method: 'GET',
    path: '/wallet/address-book',
    query: z.object({
      /** Page size, 1–100; the app asks for 20 / the device's divider. */
      count: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
      offset: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
      network: z.optional(networkId),
      search: z.optional(z.string().check(z.trim(), z.maxLength(128))),
    }),
    response: addressBookPage,
    errors: [401],
    auth: true,
  }),
  getAddressBookEntry: defineEndpoint({
    method: 'GET',
    path: '/wallet/address-book/:id',
    params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    response: addressBookEntry,
    errors: [401, 404],
    auth: true,
  }),
  /** Renames an entry. */
  updateAddressBookEntry: defineEndpoint({
    method: 'PUT',
    path: '/wallet/address-book/:id',
    params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    body: z.object({ title: addressName }),
    response: resultAnswer,
    errors: [401, 404],
    auth: true,
  }),
  addAddressBookEntry: defineEndpoint({
    method: 'POST',
    path: '/wallet/address-book',
    body: z.object({ network: networkId, address: chainAddress, title: addressName }),
    response: addressBookEntry,
    errors: [401, 409, 422],
    auth: true,
  }),
  /** Deletes softly: the entry can be restored. */
  deleteAddressBookEntry: defineEndpoint({
    method: 'DELETE',
    path: '/wallet/address-book/:id',
    params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    response: resultAnswer,
    errors: [401, 404],
    auth: true,
  }),
  restoreAddressBookEntry: defineEndpoint({
    method: 'POST',
    path: '/wallet/address-book/:id/restore',
    params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    response: resultAnswer,
    errors: [401, 404, 409],
    auth: true,
  }),
};
