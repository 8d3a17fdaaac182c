import { createFileRoute } from '@tanstack/react-router';
import { VerificationChoiceView } from '../features/p2pMarket/ChoicePages.tsx';
import { filtersOf, offerListSearch } from '../features/p2pMarket/offerListSearch.ts';
import { marketSides } from '../lib/p2p/marketSide.ts';
import { choiceParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';
import { prefetchOfferList } from './-p2pLoaders.ts';

/** `/p2p/{side}/verification`: every maker or verified merchants only. */
export const Route = createFileRoute('/p2p/$side/verification')({
  params: { parse: (raw) => ({ side: choiceParamOrNotFound(marketSides, raw.side) }) },
  validateSearch: offerListSearch,
  loader: ({ context }) => prefetchOfferList(context),
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
