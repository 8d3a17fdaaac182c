import { createFileRoute } from '@tanstack/react-router';
import { offerQueryOptions } from '../api/p2pOfferQueries.ts';
import { offerParams } from '../features/p2pOffer/offerParams.ts';
import { TakeMethodView } from '../features/p2pOffer/TakeMethodView.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/offers/{id}/method`: the take form's payment method. */
export const Route = createFileRoute('/p2p/offers/$id/method')({
  params: { parse: (raw) => parseParamsOrNotFound(offerParams, raw) },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(offerQueryOptions(params.id));
  },
  component: TakeMethodRoute,
});

function TakeMethodRoute() {
  const { id } = Route.useParams();
  return <P2PGate part="offers">{() => <TakeMethodView id={id} />}</P2PGate>;
}
