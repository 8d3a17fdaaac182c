import { createFileRoute } from '@tanstack/react-router';
import { OffersListView } from '../features/p2pMarket/OffersListView.tsx';
import { filtersOf } from '../features/p2pMarket/offerFilters.ts';
import { P2PGate } from './-p2pGate.tsx';
import { offerListRouteOptions } from './-p2pListRoute.ts';

/** `/p2p/{side}`: the offers someone buying or selling can take, filtered by the URL. */
export const Route = createFileRoute('/p2p/$side/')({
  ...offerListRouteOptions,
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
