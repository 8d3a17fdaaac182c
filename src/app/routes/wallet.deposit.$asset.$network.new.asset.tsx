import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { depositNetworkParams } from '../features/deposit/depositParams.ts';
import { NewDepositAddressAssetView } from '../features/deposit/NewDepositAddressAssetView.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/**
 * `…/{asset}/{network}/new/asset`: which of the network's assets the new address is shown for
 * (one address takes them all; the choice sets the page's warning and minimum). See
 * docs/deposit-and-address-book.md.
 */
export const Route = createFileRoute('/wallet/deposit/$asset/$network/new/asset')({
  params: { parse: (raw) => parseParamsOrNotFound(depositNetworkParams, raw) },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
  },
  component: NewDepositAddressAssetRoute,
});

function NewDepositAddressAssetRoute() {
  const { asset, network } = Route.useParams();
  return <SessionGate>{() => <NewDepositAddressAssetView asset={asset} network={network} />}</SessionGate>;
}
