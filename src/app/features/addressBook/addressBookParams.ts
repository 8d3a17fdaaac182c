import * as z from 'zod/mini';
import { networkId } from '../../../contract/wallet-operations.ts';

/** The path params and search of the address-book pages (spec 000 s.2). */
export const addressBookNetworkParams = z.object({ network: networkId });
export const addressBookEntryParams = z.object({
  network: networkId,
  id: z.string().check(z.minLength(1), z.maxLength(64)),
});
/** `?deleted={id}`: the entry just deleted, which the list offers to restore. */
export const addressBookListSearch = z.object({
  deleted: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
