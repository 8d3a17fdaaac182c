import { createFileRoute } from '@tanstack/react-router';
import { TakeMethodView } from '../features/p2pOffer/TakeMethodView.tsx';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';
import { prefetchOffer } from './-p2pLoaders.ts';

/** `/p2p/offers/{id}/method`: the take form's payment method. */
export const Route = createFileRoute('/p2p/offers/$id/method')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => prefetchOffer(context, params.id),
  component: function TakeMethodRoute() {
    const { id } = Route.useParams();
    return <P2PGate part="offers">{() => <TakeMethodView id={id} />}</P2PGate>;
  },
});
