import { createFileRoute } from '@tanstack/react-router';
import { paymentMethodQueryOptions } from '../api/p2pMethodsQueries.ts';
import { MethodNameView } from '../features/p2pMethods/MethodNameView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/methods/{id}/name`: the method's name (spec 001 s.2: a numeric id, back to the method). */
export const Route = createFileRoute('/p2p/methods/$id/name')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(paymentMethodQueryOptions(params.id));
    });
  },
  component: MethodNameRoute,
});

function MethodNameRoute() {
  const { id } = Route.useParams();
  return <P2PGate part="methods">{() => <MethodNameView id={id} />}</P2PGate>;
}
