import { createFileRoute } from '@tanstack/react-router';
import { paymentMethodsQueryOptions } from '../api/p2pMethodsQueries.ts';
import { MethodsListView } from '../features/p2pMethods/MethodsListView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/methods`: the saved payment methods. */
export const Route = createFileRoute('/p2p/methods/')({
  loader: ({ context }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(paymentMethodsQueryOptions());
    });
  },
  component: () => <P2PGate part="methods">{() => <MethodsListView />}</P2PGate>,
});
