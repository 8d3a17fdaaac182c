import { createFileRoute } from '@tanstack/react-router';
import { AssetChoiceView } from '../features/p2pMarket/ChoicePages.tsx';
import { filtersOf } from '../features/p2pMarket/offerFilters.ts';
import { P2PGate } from './-p2pGate.tsx';
import { offerListRouteOptions } from './-p2pListRoute.ts';

/** `/p2p/{side}/asset`: the asset of the list. */
export const Route = createFileRoute('/p2p/$side/asset')({
  ...offerListRouteOptions,
  component: function AssetChoiceRoute() {
    const { side } = Route.useParams();
    const search = Route.useSearch();
    return (
      <P2PGate part="offers">
        {(settings) => (
          <AssetChoiceView side={side} search={filtersOf(search)} back={search.back} settings={settings} />
        )}
      </P2PGate>
    );
  },
});
