import { createFileRoute } from '@tanstack/react-router';
import { TakeMethodView } from '../features/p2pOffer/TakeMethodView.tsx';
import { offerRouteOptions } from './-offerRoute.tsx';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/offers/{id}/method`: the take form's payment method. */
export const Route = createFileRoute('/p2p/offers/$id/method')({
  ...offerRouteOptions,
  component: function TakeMethodRoute() {
    const { id } = Route.useParams();
    return <P2PGate part="offers">{() => <TakeMethodView id={id} />}</P2PGate>;
  },
});
