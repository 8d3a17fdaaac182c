import { createFileRoute } from '@tanstack/react-router';
import { orderQueryOptions } from '../api/p2pOrderQueries.ts';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { ConfirmPaymentPage } from '../features/p2pOrder/ConfirmPaymentPage.tsx';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/orders/{id}/confirm-payment`: the seller confirms the payment arrived and releases with the passcode. */
export const Route = createFileRoute('/p2p/orders/$id/confirm-payment')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
    void context.queryClient.prefetchQuery(orderQueryOptions(params.id));
  },
  component: function ConfirmPaymentRoute() {
    const { id } = Route.useParams();
    return <P2PGate part="offers">{() => <ConfirmPaymentPage id={id} />}</P2PGate>;
  },
});
