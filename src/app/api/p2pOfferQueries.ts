import { queryOptions } from '@tanstack/react-query';
import { p2pOfferEndpoints } from '../../contract/p2p-offers.ts';
import { call } from './call.ts';

/**
 * One P2P offer's server data (`GET /p2p/offers/{id}`), shared by the offer screen, its edit pages
 * and the take form. Keys sit under ['p2p', 'offers'] so that a delete or an edit refreshes every
 * offer query at once (spec 001 s.7: "on true the offer queries are refreshed").
 */
export const p2pOffersQueryKey = ['p2p', 'offers'] as const;

/** Spec 001 s.9 "Orders and offer stats refresh: 5 s"; the floating price moves with it. */
export const offerRefreshMs = 5_000;

export function offerQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...p2pOffersQueryKey, 'one', id] as const,
    queryFn: ({ signal }) => call(p2pOfferEndpoints.getOffer, { params: { id }, signal }),
    // A floating price follows the reference price: the screen shows the current one.
    refetchInterval: offerRefreshMs,
    staleTime: 0,
  });
}
