import { createFileRoute } from '@tanstack/react-router';
import { orderQueryOptions } from '../api/p2pOrderQueries.ts';
import { DisputeFormPage } from '../features/p2pOrder/DisputeFormPage.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/orders/{id}/dispute-response`: the other side answers a dispute, with up to 5 images. */
export const Route = createFileRoute('/p2p/orders/$id/dispute-response')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(orderQueryOptions(params.id));
    });
  },
  component: function DisputeResponseRoute() {
    const { id } = Route.useParams();
    return <P2PGate part="offers">{() => <DisputeFormPage id={id} kind="respond" />}</P2PGate>;
  },
});
