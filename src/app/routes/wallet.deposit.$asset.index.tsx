import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { ChooseDepositNetworkView } from '../features/deposit/ChooseDepositNetworkView.tsx';
import { depositAssetParams } from '../features/deposit/depositParams.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/** `/wallet/deposit/{asset}`: choose the network (straight through when there is only one). */
export const Route = createFileRoute('/wallet/deposit/$asset/')({
  params: { parse: (raw) => parseParamsOrNotFound(depositAssetParams, raw) },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
  },
  component: DepositNetworkRoute,
});

function DepositNetworkRoute() {
  const { asset } = Route.useParams();
  return <SessionGate>{() => <ChooseDepositNetworkView asset={asset} />}</SessionGate>;
}
