import { createFileRoute } from '@tanstack/react-router';
import { offerQueryOptions } from '../api/p2pOfferQueries.ts';
import { OfferScreen } from '../features/p2pOffer/OfferScreen.tsx';
import { offerParams } from '../features/p2pOffer/offerParams.ts';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/offers/{id}`: the offer screen, the maker's management or the take form (spec 001 s.2). */
export const Route = createFileRoute('/p2p/offers/$id/')({
  params: { parse: (raw) => parseParamsOrNotFound(offerParams, raw) },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(offerQueryOptions(params.id));
  },
  component: OfferRoute,
});

function OfferRoute() {
  const { id } = Route.useParams();
  return <P2PGate part="offers">{(settings) => <OfferScreen id={id} settings={settings} />}</P2PGate>;
}
