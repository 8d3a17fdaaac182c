import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { ChooseWithdrawAssetView } from '../features/withdraw/ChooseWithdrawAssetView.tsx';
import { WithdrawAllowed } from '../features/withdraw/WithdrawAllowed.tsx';
import { withdrawChoiceSearch } from '../features/withdraw/withdrawParams.ts';

/** `/wallet/withdraw`: choose the asset to send (spec 000 s.2). */
export const Route = createFileRoute('/wallet/withdraw/')({
  validateSearch: withdrawChoiceSearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
  },
  component: WithdrawRoute,
});

function WithdrawRoute() {
  const { address } = Route.useSearch();
  return (
    <SessionGate>
      {() => (
        <WithdrawAllowed>
          <ChooseWithdrawAssetView address={address} />
        </WithdrawAllowed>
      )}
    </SessionGate>
  );
}
