import { createFileRoute } from '@tanstack/react-router';
import { ownMarketProfileQueryOptions } from '../api/p2pProfileQueries.ts';
import { OwnProfileView } from '../features/p2pProfile/OwnProfileView.tsx';
import { canSeeMarketPart } from '../lib/p2p/marketAccess.ts';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/profile`: the person's own market profile. */
export const Route = createFileRoute('/p2p/profile/')({
  loader: ({ context }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(ownMarketProfileQueryOptions());
    });
  },
  component: () => (
    <P2PGate part="market">
      {(settings) => <OwnProfileView showMethods={canSeeMarketPart(settings.feature_flags, 'methods')} />}
    </P2PGate>
  ),
});
