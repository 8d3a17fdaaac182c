import { createFileRoute } from '@tanstack/react-router';
import { OrdersListView } from '../features/p2pOrders/OrdersListView.tsx';
import { ordersSearch } from '../features/p2pOrders/ordersSearch.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/orders`: the person's orders, filtered by `?status=` (spec 001 s.4). */
export const Route = createFileRoute('/p2p/orders/')({
  validateSearch: ordersSearch,
  // The list and its counts are never fresh (staleTime 0, refreshed every 5 s): fetched by the
  // screen itself, which travels in the same chunk as a loader would, so a prefetch would only
  // send each request twice.
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: function OrdersRoute() {
    const { status } = Route.useSearch();
    return (
      <P2PGate part="offers">
        {(settings) => <OrdersListView filter={status ?? 'active'} timeZone={settings.timezone} />}
      </P2PGate>
    );
  },
});
