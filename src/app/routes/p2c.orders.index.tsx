import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { LiveOrdersView } from '../features/p2cMerchant/LiveOrdersView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { P2cGate } from './-p2cGate.tsx';

/** `/p2c/orders`: the merchants' live list (blocked people see the blocked screen: guardedPaths.ts). */
export const Route = createFileRoute('/p2c/orders/')({
  loader: ({ context }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(assetCatalogueQueryOptions());
    });
  },
  component: () => <P2cGate>{() => <LiveOrdersView />}</P2cGate>,
});
