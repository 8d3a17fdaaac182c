import { createFileRoute } from '@tanstack/react-router';
import { p2cAccountsQueryOptions } from '../api/p2cMerchantQueries.ts';
import { AccountsListView } from '../features/p2cMerchant/AccountsListView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { P2cGate } from './-p2cGate.tsx';

/** `/p2c/methods`: the merchant's payment accounts. */
export const Route = createFileRoute('/p2c/methods/')({
  loader: ({ context }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(p2cAccountsQueryOptions());
    });
  },
  component: () => <P2cGate>{() => <AccountsListView />}</P2cGate>,
});
