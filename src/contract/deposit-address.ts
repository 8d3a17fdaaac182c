import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { resultAnswer } from './result-answer';
import { addressName } from './wallet-names';
import { isoDateTime, networkId } from './wallet-operations';

/**
 * An address the user receives on (spec 000 s.3 "Deposit address"). One network's addresses serve
 * every asset on it: the TRON address takes TRX and USDT-TRC20 alike, as on the real chains.
 */
export const depositAddress = z.object({
  id: z.string(),
  address: z.string(),
  /** The user's name for it; null for the first (main) address until named. */
  name: z.nullable(z.string()),
  network: networkId,
  /** The first address of the network, shown on the deposit page. */
  is_main: z.boolean(),
  created_at: isoDateTime,
});
export type DepositAddress = z.infer<typeof depositAddress>;

/** At most this many addresses per user and network. */
export const depositAddressLimit = 20;

export const depositAddressErrorCodes = {
  /** 404: no address with that id on that network for this user. */
  addressNotFound: 'address_not_found',
  /** 409: the per-network limit is reached. */
  addressLimitReached: 'address_limit_reached',
  /** 403: can_deposit is off, or the user is locked or banned. */
  depositForbidden: 'deposit_forbidden',
} as const;

export const depositAddressEndpoints = {
  /** The user's addresses on a network, main first; the main address is made on first ask. */
  listDepositAddresses: defineEndpoint({
    method: 'GET',
    path: '/wallet/address/:network',
    params: z.object({ network: networkId }),
    response: z.object({ items: z.array(depositAddress) }),
    errors: [401, 403],
    auth: true,
  }),
  getDepositAddress: defineEndpoint({
    method: 'GET',
    path: '/wallet/address/:network/:id',
    params: z.object({ network: networkId, id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    response: depositAddress,
    errors: [401, 404],
    auth: true,
  }),
  createDepositAddress: defineEndpoint({
    method: 'POST',
    path: '/wallet/address/:network',
    params: z.object({ network: networkId }),
    body: z.object({ name: addressName }),
    response: depositAddress,
    errors: [401, 403, 409],
    auth: true,
  }),
  renameDepositAddress: defineEndpoint({
    method: 'PATCH',
    path: '/wallet/address/:network/:id/name',
    params: z.object({ network: networkId, id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    body: z.object({ name: addressName }),
    response: resultAnswer,
    errors: [401, 404],
    auth: true,
  }),
};
