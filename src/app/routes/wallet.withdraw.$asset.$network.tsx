import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { WithdrawPage } from '../features/withdraw/WithdrawPage.tsx';
import { withdrawNetworkParams } from '../features/withdraw/withdrawParams.ts';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/** `/wallet/withdraw/{asset}/{network}`: address, amount, review, passcode, then the status page. */
export const Route = createFileRoute('/wallet/withdraw/$asset/$network')({
  params: { parse: (raw) => parseParamsOrNotFound(withdrawNetworkParams, raw) },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
  },
  component: WithdrawFlowRoute,
});

function WithdrawFlowRoute() {
  const { asset, network } = Route.useParams();
  return <SessionGate>{() => <WithdrawPage asset={asset} network={network} />}</SessionGate>;
}
