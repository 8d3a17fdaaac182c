import { createFileRoute } from '@tanstack/react-router';
import { p2cProfileQueryOptions } from '../api/p2cMerchantQueries.ts';
import { P2cHomeView } from '../features/p2cMerchant/P2cHomeView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { P2cGate } from './-p2cGate.tsx';

/** `/p2c`: the area's home (spec 001 s.2). */
export const Route = createFileRoute('/p2c/')({
  loader: ({ context }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(p2cProfileQueryOptions());
    });
  },
  component: () => <P2cGate>{() => <P2cHomeView />}</P2cGate>,
});
