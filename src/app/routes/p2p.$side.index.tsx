import { createFileRoute } from '@tanstack/react-router';
import { OffersListView } from '../features/p2pMarket/OffersListView.tsx';
import { filtersOf, offerListSearch } from '../features/p2pMarket/offerListSearch.ts';
import { marketSides } from '../lib/p2p/marketSide.ts';
import { choiceParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';
import { prefetchOfferList } from './-p2pLoaders.ts';

/** `/p2p/{side}`: the offers someone buying or selling can take, filtered by the URL. */
export const Route = createFileRoute('/p2p/$side/')({
  params: { parse: (raw) => ({ side: choiceParamOrNotFound(marketSides, raw.side) }) },
  validateSearch: offerListSearch,
  loader: ({ context }) => prefetchOfferList(context),
  component: function OffersListRoute() {
    const { side } = Route.useParams();
    const search = Route.useSearch();
    return (
      <P2PGate part="offers">
        {(settings) => <OffersListView side={side} search={filtersOf(search)} settings={settings} />}
      </P2PGate>
    );
  },
});
