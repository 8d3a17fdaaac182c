import { createFileRoute } from '@tanstack/react-router';
import { p2cProfileQueryOptions } from '../api/p2cMerchantQueries.ts';
import { ProfileView } from '../features/p2cMerchant/ProfileView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { P2cGate } from './-p2cGate.tsx';

/** `/p2c/profile`: what the person may do in P2C and their totals. */
export const Route = createFileRoute('/p2c/profile')({
  loader: ({ context }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(p2cProfileQueryOptions());
    });
  },
  component: () => <P2cGate>{() => <ProfileView />}</P2cGate>,
});
