import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { ChooseDepositAssetView } from '../features/deposit/ChooseDepositAssetView.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';

/** `/wallet/deposit`: choose the asset to deposit (spec 000 s.2). */
export const Route = createFileRoute('/wallet/deposit/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
  },
  component: DepositRoute,
});

function DepositRoute() {
  return <SessionGate>{() => <ChooseDepositAssetView />}</SessionGate>;
}
