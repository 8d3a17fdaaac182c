import { marketFiatsQueryOptions } from '../api/p2pMethodsQueries.ts';
import { marketAssetsQueryOptions, marketConfigQueryOptions } from '../api/p2pQueries.ts';
import { offerListSearch, sideParams } from '../features/p2pMarket/offerFilters.ts';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';
import type { RouterContext } from '../router.tsx';

/**
 * What `/p2p/{side}` and its choice pages share: the side (anything but buy or sell is not
 * found), the filters in the search, and the market's reference data fetched with the page.
 */
export const offerListRouteOptions = {
  params: { parse: (raw: Record<string, string>) => parseParamsOrNotFound(sideParams, raw) },
  validateSearch: offerListSearch,
  loader: ({ context }: { context: RouterContext }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(marketConfigQueryOptions());
    void context.queryClient.prefetchQuery(marketAssetsQueryOptions());
    void context.queryClient.prefetchQuery(marketFiatsQueryOptions());
  },
};
