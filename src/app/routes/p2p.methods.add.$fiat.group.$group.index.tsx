import { createFileRoute } from '@tanstack/react-router';
import { catalogueIdentifierPattern, fiatCodePattern } from '../../contract/p2p-codes.ts';
import { catalogueItemQueryOptions } from '../api/p2pMethodsQueries.ts';
import { AddMethodGroupView } from '../features/p2pMethods/AddMethodGroupView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { patternParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/methods/add/{fiat}/group/{group}`: the banks of a group such as SBP. */
export const Route = createFileRoute('/p2p/methods/add/$fiat/group/$group/')({
  params: {
    parse: (raw) => ({
      fiat: patternParamOrNotFound(fiatCodePattern, raw.fiat),
      group: patternParamOrNotFound(catalogueIdentifierPattern, raw.group),
    }),
  },
  loader: ({ context, params }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(catalogueItemQueryOptions(params.fiat, params.group));
    });
  },
  component: AddMethodGroupRoute,
});

function AddMethodGroupRoute() {
  const { fiat, group } = Route.useParams();
  return <P2PGate part="methods">{() => <AddMethodGroupView fiat={fiat} group={group} />}</P2PGate>;
}
