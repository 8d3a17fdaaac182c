import { createFileRoute } from '@tanstack/react-router';
import { catalogueItemQueryOptions } from '../api/p2pMethodsQueries.ts';
import { AddMethodFormView } from '../features/p2pMethods/AddMethodFormView.tsx';
import { addMethodParams } from '../features/p2pMethods/methodsParams.ts';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/methods/add/{fiat}/{method}`: the details of a bank or e-money service. */
export const Route = createFileRoute('/p2p/methods/add/$fiat/$method')({
  params: { parse: (raw) => parseParamsOrNotFound(addMethodParams, raw) },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(catalogueItemQueryOptions(params.fiat, params.method));
  },
  component: AddMethodFormRoute,
});

function AddMethodFormRoute() {
  const { fiat, method } = Route.useParams();
  return <P2PGate part="methods">{() => <AddMethodFormView place={{ fiat, method, group: null }} />}</P2PGate>;
}
