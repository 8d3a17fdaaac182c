import { createFileRoute } from '@tanstack/react-router';
import { catalogueIdentifierPattern, fiatCodePattern } from '../../contract/p2p-codes.ts';
import { catalogueItemQueryOptions } from '../api/p2pMethodsQueries.ts';
import { AddMethodFormView } from '../features/p2pMethods/AddMethodFormView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { patternParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/methods/add/{fiat}/group/{group}/{method}`: the details of a group's bank. */
export const Route = createFileRoute('/p2p/methods/add/$fiat/group/$group/$method')({
  params: {
    parse: (raw) => ({
      fiat: patternParamOrNotFound(fiatCodePattern, raw.fiat),
      group: patternParamOrNotFound(catalogueIdentifierPattern, raw.group),
      method: patternParamOrNotFound(catalogueIdentifierPattern, raw.method),
    }),
  },
  loader: ({ context, params }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(catalogueItemQueryOptions(params.fiat, params.group));
    });
  },
  component: AddGroupMethodFormRoute,
});

function AddGroupMethodFormRoute() {
  const { fiat, group, method } = Route.useParams();
  return <P2PGate part="methods">{() => <AddMethodFormView place={{ fiat, method, group }} />}</P2PGate>;
}
