import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { depositNetworkParams } from '../features/deposit/depositParams.ts';
import { NewDepositAddressView } from '../features/deposit/NewDepositAddressView.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/** `…/{asset}/{network}/new`: name a new address of the network. */
export const Route = createFileRoute('/wallet/deposit/$asset/$network/new/')({
  params: { parse: (raw) => parseParamsOrNotFound(depositNetworkParams, raw) },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
  },
  component: NewDepositAddressRoute,
});

function NewDepositAddressRoute() {
  const { asset, network } = Route.useParams();
  return <SessionGate>{() => <NewDepositAddressView asset={asset} network={network} />}</SessionGate>;
}
