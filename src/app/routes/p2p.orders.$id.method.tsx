import { createFileRoute } from '@tanstack/react-router';
import { orderQueryOptions } from '../api/p2pOrderQueries.ts';
import { OrderMethodPage } from '../features/p2pOrder/OrderMethodPage.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/orders/{id}/method`: the seller's payment details in full, for the buyer to pay to. */
export const Route = createFileRoute('/p2p/orders/$id/method')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(orderQueryOptions(params.id));
    });
  },
  component: function OrderMethodRoute() {
    const { id } = Route.useParams();
    return <P2PGate part="offers">{() => <OrderMethodPage id={id} />}</P2PGate>;
  },
});
