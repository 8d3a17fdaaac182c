import { createFileRoute } from '@tanstack/react-router';
import { OfferScreen } from '../features/p2pOffer/OfferScreen.tsx';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';
import { prefetchOffer } from './-p2pLoaders.ts';

/** `/p2p/offers/{id}`: the offer screen, the maker's management or the take form (spec 001 s.2). */
export const Route = createFileRoute('/p2p/offers/$id/')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => prefetchOffer(context, params.id),
  component: function OfferRoute() {
    const { id } = Route.useParams();
    return <P2PGate part="offers">{(settings) => <OfferScreen id={id} settings={settings} />}</P2PGate>;
  },
});
