import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { ChooseWithdrawNetworkView } from '../features/withdraw/ChooseWithdrawNetworkView.tsx';
import { WithdrawAllowed } from '../features/withdraw/WithdrawAllowed.tsx';
import { withdrawAssetParams, withdrawChoiceSearch } from '../features/withdraw/withdrawParams.ts';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/** `/wallet/withdraw/{asset}`: choose the network (straight through when there is only one). */
export const Route = createFileRoute('/wallet/withdraw/$asset/')({
  params: { parse: (raw) => parseParamsOrNotFound(withdrawAssetParams, raw) },
  validateSearch: withdrawChoiceSearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
  },
  component: WithdrawNetworkRoute,
});

function WithdrawNetworkRoute() {
  const { asset } = Route.useParams();
  const { address } = Route.useSearch();
  return (
    <SessionGate>
      {() => (
        <WithdrawAllowed>
          <ChooseWithdrawNetworkView asset={asset} address={address} />
        </WithdrawAllowed>
      )}
    </SessionGate>
  );
}
