import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { WithdrawAllowed } from '../features/withdraw/WithdrawAllowed.tsx';
import { WithdrawPage } from '../features/withdraw/WithdrawPage.tsx';
import { withdrawNetworkParams } from '../features/withdraw/withdrawParams.ts';
import { flowSearchOf, type WithdrawSearch, withdrawSearch } from '../features/withdraw/withdrawSteps.ts';
import type { FlowWrite } from '../lib/flowUrl.ts';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/**
 * `/wallet/withdraw/{asset}/{network}`: address, amount, review, passcode, then the status page;
 * each step its own URL (`?step=`, with what was typed: features/withdraw/withdrawSteps.ts).
 */
export const Route = createFileRoute('/wallet/withdraw/$asset/$network')({
  params: { parse: (raw) => parseParamsOrNotFound(withdrawNetworkParams, raw) },
  validateSearch: withdrawSearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
  },
  component: WithdrawFlowRoute,
});

function WithdrawFlowRoute() {
  const { asset, network } = Route.useParams();
  // The flow's own fields; the root's `back` stays as it came, whatever the flow writes.
  const search = Route.useSearch({ select: flowSearchOf });
  const navigate = Route.useNavigate();
  const writeSearch = (next: WithdrawSearch, how: FlowWrite) =>
    void navigate({ search: (previous) => ({ ...next, back: previous.back }), ...how });
  return (
    <SessionGate>
      {() => (
        <WithdrawAllowed>
          <WithdrawPage asset={asset} network={network} search={search} onSearch={writeSearch} />
        </WithdrawAllowed>
      )}
    </SessionGate>
  );
}
