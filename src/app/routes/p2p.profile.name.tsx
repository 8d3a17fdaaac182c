import { createFileRoute } from '@tanstack/react-router';
import { ownMarketProfileQueryOptions } from '../api/p2pProfileQueries.ts';
import { UsernamePage } from '../features/p2pUsername/UsernamePage.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/profile/name`: change the market username (spec 001 s.2). */
export const Route = createFileRoute('/p2p/profile/name')({
  loader: ({ context }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(ownMarketProfileQueryOptions());
    });
  },
  component: () => <P2PGate part="market">{() => <UsernamePage />}</P2PGate>,
});
