import { createFileRoute } from '@tanstack/react-router';
import { ownMarketProfileQueryOptions } from '../api/p2pProfileQueries.ts';
import { QuietHoursPage } from '../features/p2pQuietHours/QuietHoursPage.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/quiet-hours`: the person's quiet hours (P2P.md "Quiet hours"). */
export const Route = createFileRoute('/p2p/quiet-hours')({
  loader: ({ context }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(ownMarketProfileQueryOptions());
    });
  },
  component: () => <P2PGate part="market">{(settings) => <QuietHoursPage timeZone={settings.timezone} />}</P2PGate>,
});
