import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { p2pMarketEndpoints } from '../../contract/p2p-market.ts';
import { type OfferListQuery, p2pOfferEndpoints } from '../../contract/p2p-offers.ts';
import { call } from './call.ts';

// The market's shared queries (spec 001 s.7, s.9): its configuration and assets, the offer lists
// and the person's own offers. Payment methods and the catalogue are in p2pMethodsQueries.ts,
// profiles in p2pProfileQueries.ts, one offer in p2pOfferQueries.ts.

/** Every offer query sits under this key (the same as p2pOfferQueries' `p2pOffersQueryKey`), so a
 * change to an offer refreshes the lists, the person's own offers and the offer at once. */
const offersKey = ['p2p', 'offers'] as const;

/** Spec 001 s.9 "List page size: 40 divided by a device divider" (the divider is 1 today). */
export const marketPageSize = 40;

/** Spec 001 s.9 "Orders and offer stats refresh: 5 s": the person's own offers. */
export const myOffersRefreshMs = 5_000;

/** The market's bounds change with a release, not while someone looks at them. */
const referenceStaleMs = 10 * 60_000;

/** GET /p2p/config: bands, limits and how often prices refresh (`price_refresh_ms`). */
export function marketConfigQueryOptions() {
  return queryOptions({
    queryKey: ['p2p', 'config'] as const,
    queryFn: ({ signal }) => call(p2pMarketEndpoints.getMarketConfig, { signal }),
    staleTime: referenceStaleMs,
  });
}

/** GET /p2p/currencies/assets: the crypto assets the market trades, with the maker's fee. */
export function marketAssetsQueryOptions() {
  return queryOptions({
    queryKey: ['p2p', 'currencies', 'assets'] as const,
    queryFn: ({ signal }) => call(p2pMarketEndpoints.listMarketAssets, { signal }),
    staleTime: referenceStaleMs,
  });
}

/** What an offer list is filtered by: the list query without its paging. */
export type OfferListFilters = Omit<OfferListQuery, 'count' | 'cursor'>;

/** The first page has no cursor. */
const firstCursor: string | null = null;

/**
 * GET /p2p/offers: one list, best price first (P2P.md), a page at a time by cursor. Prices move
 * with the reference price, so the pages shown are fetched again every `refreshMs`
 * (`config.price_refresh_ms`).
 */
export function offerListQueryOptions(filters: OfferListFilters, refreshMs: number) {
  return infiniteQueryOptions({
    queryKey: [...offersKey, 'list', filters] as const,
    queryFn: ({ signal, pageParam }) =>
      call(p2pOfferEndpoints.listOffers, {
        signal,
        query: { ...filters, count: marketPageSize, cursor: pageParam ?? undefined },
      }),
    initialPageParam: firstCursor,
    getNextPageParam: (lastPage) => lastPage.cursor,
    refetchInterval: refreshMs,
  });
}

/** GET /p2p/offers/my: the person's offers, newest first, a page at a time by offset. */
export function myOffersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...offersKey, 'my'] as const,
    queryFn: ({ signal, pageParam }) =>
      call(p2pOfferEndpoints.listMyOffers, { signal, query: { count: marketPageSize, offset: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.offers.length, 0);
      return loaded < lastPage.total && lastPage.offers.length > 0 ? loaded : undefined;
    },
    refetchInterval: myOffersRefreshMs,
  });
}

/** GET /p2p/offers/prices-by-payment-method: the best price per method for a list's asset and fiat. */
export function pricesByMethodQueryOptions(
  filters: Pick<OfferListQuery, 'type' | 'asset' | 'fiat'>,
  refreshMs: number,
) {
  return queryOptions({
    queryKey: [...offersKey, 'prices-by-method', filters] as const,
    queryFn: ({ signal }) => call(p2pOfferEndpoints.listPricesByPaymentMethod, { signal, query: filters }),
    refetchInterval: refreshMs,
  });
}
