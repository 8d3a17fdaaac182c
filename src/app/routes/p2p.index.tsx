import { createFileRoute } from '@tanstack/react-router';
import { MarketHomeView } from '../features/p2pMarket/MarketHomeView.tsx';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p`: the market's home (spec 001 s.2). */
export const Route = createFileRoute('/p2p/')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: () => <P2PGate part="market">{(settings) => <MarketHomeView settings={settings} />}</P2PGate>,
});
