import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { DepositAddressesView } from '../features/deposit/DepositAddressesView.tsx';
import { depositNetworkParams } from '../features/deposit/depositParams.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/** `…/{asset}/{network}/addresses`: every address of the network. */
export const Route = createFileRoute('/wallet/deposit/$asset/$network/addresses/')({
  params: { parse: (raw) => parseParamsOrNotFound(depositNetworkParams, raw) },
  // The addresses are not preloaded: the first GET makes the main address, which hovering a
  // link or a blocked user's visit must not do. The page asks once it shows.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
  },
  component: DepositAddressesRoute,
});

function DepositAddressesRoute() {
  const { asset, network } = Route.useParams();
  return <SessionGate>{() => <DepositAddressesView asset={asset} network={network} />}</SessionGate>;
}
