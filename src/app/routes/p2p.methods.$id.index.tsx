import { createFileRoute } from '@tanstack/react-router';
import { paymentMethodQueryOptions } from '../api/p2pMethodsQueries.ts';
import { MethodView } from '../features/p2pMethods/MethodView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/methods/{id}`: one saved payment method. */
export const Route = createFileRoute('/p2p/methods/$id/')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(paymentMethodQueryOptions(params.id));
    });
  },
  component: MethodRoute,
});

function MethodRoute() {
  const { id } = Route.useParams();
  return <P2PGate part="methods">{() => <MethodView id={id} />}</P2PGate>;
}
