import { createFileRoute } from '@tanstack/react-router';
import { FiatChoiceView } from '../features/p2pMarket/ChoicePages.tsx';
import { filtersOf } from '../features/p2pMarket/offerFilters.ts';
import { P2PGate } from './-p2pGate.tsx';
import { offerListRouteOptions } from './-p2pListRoute.ts';

/** `/p2p/{side}/fiat`: the currency of the list. */
export const Route = createFileRoute('/p2p/$side/fiat')({
  ...offerListRouteOptions,
  component: function FiatChoiceRoute() {
    const { side } = Route.useParams();
    const search = Route.useSearch();
    return (
      <P2PGate part="offers">
        {(settings) => <FiatChoiceView side={side} search={filtersOf(search)} back={search.back} settings={settings} />}
      </P2PGate>
    );
  },
});
