import { createFileRoute } from '@tanstack/react-router';
import { MethodChoiceView } from '../features/p2pMarket/ChoicePages.tsx';
import { filtersOf } from '../features/p2pMarket/offerFilters.ts';
import { P2PGate } from './-p2pGate.tsx';
import { offerListRouteOptions } from './-p2pListRoute.ts';

/** `/p2p/{side}/method`: the payment methods of the list. */
export const Route = createFileRoute('/p2p/$side/method')({
  ...offerListRouteOptions,
  component: function MethodChoiceRoute() {
    const { side } = Route.useParams();
    const search = Route.useSearch();
    return (
      <P2PGate part="offers">
        {(settings) => (
          <MethodChoiceView side={side} search={filtersOf(search)} back={search.back} settings={settings} />
        )}
      </P2PGate>
    );
  },
});
