import { createFileRoute } from '@tanstack/react-router';
import { orderStatisticQueryOptions, ordersQueryOptions } from '../api/p2pOrderQueries.ts';
import { OrdersListView } from '../features/p2pOrders/OrdersListView.tsx';
import { ordersSearch } from '../features/p2pOrders/ordersSearch.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/orders`: the person's orders, filtered by `?status=` (spec 001 s.4). */
export const Route = createFileRoute('/p2p/orders/')({
  validateSearch: ordersSearch,
  loaderDeps: ({ search }) => ({ status: search.status ?? 'active' }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(orderStatisticQueryOptions());
    void context.queryClient.prefetchInfiniteQuery(ordersQueryOptions(deps.status));
  },
  component: function OrdersRoute() {
    const { status } = Route.useSearch();
    return (
      <P2PGate part="offers">
        {(settings) => <OrdersListView filter={status ?? 'active'} timeZone={settings.timezone} />}
      </P2PGate>
    );
  },
});
