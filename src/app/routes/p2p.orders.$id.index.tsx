import { createFileRoute } from '@tanstack/react-router';
import { orderQueryOptions } from '../api/p2pOrderQueries.ts';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { OrderPage } from '../features/p2pOrder/OrderPage.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/orders/{id}`: the order, what the person must do next, and its timer (spec 001 s.2). */
export const Route = createFileRoute('/p2p/orders/$id/')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(assetCatalogueQueryOptions());
      void client.prefetchQuery(orderQueryOptions(params.id));
    });
  },
  component: function OrderRoute() {
    const { id } = Route.useParams();
    return <P2PGate part="offers">{(settings) => <OrderPage id={id} timeZone={settings.timezone} />}</P2PGate>;
  },
});
