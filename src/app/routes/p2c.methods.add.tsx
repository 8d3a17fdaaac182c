import { createFileRoute } from '@tanstack/react-router';
import { p2cBanksQueryOptions } from '../api/p2cMerchantQueries.ts';
import { AddAccountView } from '../features/p2cMerchant/AccountFormView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { P2cGate } from './-p2cGate.tsx';

/** `/p2c/methods/add`: a new payment account. */
export const Route = createFileRoute('/p2c/methods/add')({
  loader: ({ context }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(p2cBanksQueryOptions());
    });
  },
  component: () => <P2cGate>{() => <AddAccountView />}</P2cGate>,
});
