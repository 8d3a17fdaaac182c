import { marketFiatsQueryOptions } from '../api/p2pMethodsQueries.ts';
import { offerQueryOptions } from '../api/p2pOfferQueries.ts';
import { marketAssetsQueryOptions, marketConfigQueryOptions } from '../api/p2pQueries.ts';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import type { RouterContext } from '../router.tsx';

// What several P2P routes fetch with their page. Call these only from a loader written inline in
// the route's `createFileRoute` call: the code splitter then moves the loader, and this module with
// its queries, into the screen's chunk (docs/performance.md, "How to write a route file").

/** `/p2p/{side}` and its choice pages: the session and the market's reference data. */
export function prefetchOfferList({ queryClient, session }: RouterContext): void {
  prefetchSignedIn({ queryClient, session }, (client) => {
    void client.prefetchQuery(marketConfigQueryOptions());
    void client.prefetchQuery(marketAssetsQueryOptions());
    void client.prefetchQuery(marketFiatsQueryOptions());
  });
}

/** `/p2p/offers/{id}` and its pages: the session and the offer. */
export function prefetchOffer({ queryClient, session }: RouterContext, id: number): void {
  prefetchSignedIn({ queryClient, session }, (client) => {
    void client.prefetchQuery(offerQueryOptions(id));
  });
}
