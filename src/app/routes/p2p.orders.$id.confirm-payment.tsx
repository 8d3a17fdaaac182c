import { createFileRoute } from '@tanstack/react-router';
import { orderQueryOptions } from '../api/p2pOrderQueries.ts';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { ConfirmPaymentPage } from '../features/p2pOrder/ConfirmPaymentPage.tsx';
import { type ReleaseSearch, releaseFlowSearchOf, releaseSearch } from '../features/p2pOrder/releaseSteps.ts';
import type { FlowWrite } from '../lib/flowUrl.ts';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/**
 * `/p2p/orders/{id}/confirm-payment`: the seller confirms the payment arrived and releases with
 * the passcode; the passcode step is `?step=confirm` (features/p2pOrder/releaseSteps.ts).
 */
export const Route = createFileRoute('/p2p/orders/$id/confirm-payment')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  validateSearch: releaseSearch,
  loader: ({ context, params }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(assetCatalogueQueryOptions());
      void client.prefetchQuery(orderQueryOptions(params.id));
    });
  },
  component: function ConfirmPaymentRoute() {
    const { id } = Route.useParams();
    // The flow's own fields; the root's `back` stays as it came, whatever the flow writes.
    const search = Route.useSearch({ select: releaseFlowSearchOf });
    const navigate = Route.useNavigate();
    const writeSearch = (next: ReleaseSearch, how: FlowWrite) =>
      void navigate({ search: (previous) => ({ ...next, back: previous.back }), ...how });
    return (
      <P2PGate part="offers">{() => <ConfirmPaymentPage id={id} search={search} onSearch={writeSearch} />}</P2PGate>
    );
  },
});
