import { createFileRoute } from '@tanstack/react-router';
import { VerificationChoiceView } from '../features/p2pMarket/ChoicePages.tsx';
import { filtersOf } from '../features/p2pMarket/offerFilters.ts';
import { P2PGate } from './-p2pGate.tsx';
import { offerListRouteOptions } from './-p2pListRoute.ts';

/** `/p2p/{side}/verification`: every maker or verified merchants only. */
export const Route = createFileRoute('/p2p/$side/verification')({
  ...offerListRouteOptions,
  component: function VerificationChoiceRoute() {
    const { side } = Route.useParams();
    const search = Route.useSearch();
    return (
      <P2PGate part="offers">
        {(settings) => (
          <VerificationChoiceView side={side} search={filtersOf(search)} back={search.back} settings={settings} />
        )}
      </P2PGate>
    );
  },
});
