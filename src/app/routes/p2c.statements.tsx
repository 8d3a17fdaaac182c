import { createFileRoute } from '@tanstack/react-router';
import { p2cStatementsQueryOptions } from '../api/p2cMerchantQueries.ts';
import { StatementsView } from '../features/p2cMerchant/StatementsView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { P2cGate } from './-p2cGate.tsx';

/** `/p2c/statements`: the merchant's months. */
export const Route = createFileRoute('/p2c/statements')({
  loader: ({ context }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(p2cStatementsQueryOptions());
    });
  },
  component: () => <P2cGate>{() => <StatementsView />}</P2cGate>,
});
