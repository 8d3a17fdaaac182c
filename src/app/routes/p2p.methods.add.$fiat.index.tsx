import { createFileRoute } from '@tanstack/react-router';
import { fiatCodePattern } from '../../contract/p2p-codes.ts';
import { fiatCatalogueQueryOptions } from '../api/p2pMethodsQueries.ts';
import { AddMethodCatalogueView } from '../features/p2pMethods/AddMethodCatalogueView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { patternParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/methods/add/{fiat}`: the fiat's catalogue of banks, e-money and groups. */
export const Route = createFileRoute('/p2p/methods/add/$fiat/')({
  params: { parse: (raw) => ({ fiat: patternParamOrNotFound(fiatCodePattern, raw.fiat) }) },
  loader: ({ context, params }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(fiatCatalogueQueryOptions(params.fiat));
    });
  },
  component: AddMethodCatalogueRoute,
});

function AddMethodCatalogueRoute() {
  const { fiat } = Route.useParams();
  return <P2PGate part="methods">{() => <AddMethodCatalogueView fiat={fiat} />}</P2PGate>;
}
