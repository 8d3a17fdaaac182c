import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../contract/endpoint.ts';
import { p2pMarketEndpoints } from '../../contract/p2p-market.ts';
import { p2pPaymentMethodEndpoints } from '../../contract/p2p-payment-methods.ts';
import { call } from './call.ts';

// The person's saved P2P payment methods and the catalogue they are added from (spec 001 s.7).

const methodsKey = ['p2p', 'payment-methods'] as const;
const catalogueKey = ['p2p', 'catalogue'] as const;

/** The catalogue changes with a release, not while someone looks at it. */
const catalogueStaleMs = 10 * 60_000;

/** GET /p2p/payment-methods, optionally one fiat's. */
export function paymentMethodsQueryOptions(fiat?: string) {
  return queryOptions({
    queryKey: [...methodsKey, 'list', fiat ?? null] as const,
    queryFn: ({ signal }) => call(p2pPaymentMethodEndpoints.listPaymentMethods, { signal, query: { fiat } }),
  });
}

/** GET /p2p/payment-methods/{id}. */
export function paymentMethodQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...methodsKey, 'one', id] as const,
    queryFn: ({ signal }) => call(p2pPaymentMethodEndpoints.getPaymentMethod, { signal, params: { id } }),
  });
}

/** GET /p2p/currencies/fiats: the fiats the market trades (the add flow's first step). */
export function marketFiatsQueryOptions() {
  return queryOptions({
    queryKey: [...catalogueKey, 'fiats'] as const,
    queryFn: ({ signal }) => call(p2pMarketEndpoints.listMarketFiats, { signal }),
    staleTime: catalogueStaleMs,
  });
}

/** GET /p2p/currencies/fiat/{fiat}: banks, e-money and groups (without their children). */
export function fiatCatalogueQueryOptions(fiat: string) {
  return queryOptions({
    queryKey: [...catalogueKey, 'fiat', fiat] as const,
    queryFn: ({ signal }) => call(p2pMarketEndpoints.getFiatPaymentCatalogue, { signal, params: { fiat } }),
    staleTime: catalogueStaleMs,
  });
}

/** GET /p2p/currencies/fiat/{fiat}/{identifier}: one entry, a group with its children. */
export function catalogueItemQueryOptions(fiat: string, identifier: string) {
  return queryOptions({
    queryKey: [...catalogueKey, 'fiat', fiat, identifier] as const,
    queryFn: ({ signal }) => call(p2pMarketEndpoints.getPaymentCatalogueItem, { signal, params: { fiat, identifier } }),
    staleTime: catalogueStaleMs,
  });
}

/** After any change the list and every method are stale (offers show methods too). */
function useRefreshMethods() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: methodsKey });
}

export type NewPaymentMethod = BodyOf<typeof p2pPaymentMethodEndpoints.addPaymentMethod>;

/** POST /p2p/payment-methods: the server checks every detail by its field's kind. */
export function useAddPaymentMethod() {
  const refresh = useRefreshMethods();
  return useMutation({
    mutationFn: (method: NewPaymentMethod) => call(p2pPaymentMethodEndpoints.addPaymentMethod, { body: method }),
    onSuccess: refresh,
  });
}

/** PATCH /p2p/payment-methods/{id}: a new name, or null to remove it. */
export function useRenamePaymentMethod(id: number) {
  const refresh = useRefreshMethods();
  return useMutation({
    mutationFn: (name: string | null) =>
      call(p2pPaymentMethodEndpoints.renamePaymentMethod, { params: { id }, body: { name } }),
    onSuccess: refresh,
  });
}

/** DELETE /p2p/payment-methods/{id}: refused with 409 while an offer lists the method. */
export function useDeletePaymentMethod(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(p2pPaymentMethodEndpoints.deletePaymentMethod, { params: { id } }),
    onSuccess: async () => {
      // The deleted method's own query would answer 404 if refetched: drop it, refresh the list.
      queryClient.removeQueries({ queryKey: [...methodsKey, 'one', id] });
      await queryClient.invalidateQueries({ queryKey: methodsKey });
    },
  });
}
