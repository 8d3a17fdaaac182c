import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { DepositAddressView } from '../features/deposit/DepositAddressView.tsx';
import { depositNetworkParams } from '../features/deposit/depositParams.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/** `/wallet/deposit/{asset}/{network}`: the main address to deposit to. */
export const Route = createFileRoute('/wallet/deposit/$asset/$network/')({
  params: { parse: (raw) => parseParamsOrNotFound(depositNetworkParams, raw) },
  // The addresses are not preloaded: the first GET makes the main address, which hovering a
  // link or a blocked user's visit must not do. The page asks once it shows.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
  },
  component: DepositAddressRoute,
});

function DepositAddressRoute() {
  const { asset, network } = Route.useParams();
  return <SessionGate>{() => <DepositAddressView asset={asset} network={network} />}</SessionGate>;
}
