import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type DepositAddress, depositAddressEndpoints } from '../../../contract/deposit-address.ts';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { call } from '../../api/call.ts';

/** Keys under ['wallet'], so refreshing the wallet refreshes the addresses too. */
const addressesKey = (network: NetworkId) => ['wallet', 'address', network] as const;

/** GET /wallet/address/{network}: the network's addresses, main first (the server makes it on first ask). */
export function depositAddressesQueryOptions(network: NetworkId) {
  return queryOptions({
    queryKey: addressesKey(network),
    queryFn: ({ signal }) => call(depositAddressEndpoints.listDepositAddresses, { params: { network }, signal }),
  });
}

/** GET /wallet/address/{network}/{id}: one address. */
export function depositAddressQueryOptions(network: NetworkId, id: string) {
  return queryOptions({
    queryKey: [...addressesKey(network), id] as const,
    queryFn: ({ signal }) => call(depositAddressEndpoints.getDepositAddress, { params: { network, id }, signal }),
  });
}

/** POST /wallet/address/{network}: a new named address; the list is refetched after it. */
export function useCreateDepositAddress(network: NetworkId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string): Promise<DepositAddress> =>
      call(depositAddressEndpoints.createDepositAddress, { params: { network }, body: { name } }),
    onSuccess: (created) => {
      queryClient.setQueryData(depositAddressQueryOptions(network, created.id).queryKey, created);
      return queryClient.invalidateQueries({ queryKey: addressesKey(network) });
    },
  });
}

/** PATCH /wallet/address/{network}/{id}/name; the address and the list are refetched after it. */
export function useRenameDepositAddress(network: NetworkId, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      call(depositAddressEndpoints.renameDepositAddress, { params: { network, id }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey(network) }),
  });
}
