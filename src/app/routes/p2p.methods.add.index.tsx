import { createFileRoute } from '@tanstack/react-router';
import { marketFiatsQueryOptions } from '../api/p2pMethodsQueries.ts';
import { AddMethodFiatView } from '../features/p2pMethods/AddMethodFiatView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/methods/add`: adding a payment method, the currency first (`?back=` is where it returns). */
export const Route = createFileRoute('/p2p/methods/add/')({
  loader: ({ context }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(marketFiatsQueryOptions());
    });
  },
  component: () => <P2PGate part="methods">{() => <AddMethodFiatView />}</P2PGate>,
});
