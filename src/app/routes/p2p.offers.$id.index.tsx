import { createFileRoute } from '@tanstack/react-router';
import { OfferScreen } from '../features/p2pOffer/OfferScreen.tsx';
import { offerRouteOptions } from './-offerRoute.tsx';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/offers/{id}`: the offer screen, the maker's management or the take form (spec 001 s.2). */
export const Route = createFileRoute('/p2p/offers/$id/')({
  ...offerRouteOptions,
  component: function OfferRoute() {
    const { id } = Route.useParams();
    return <P2PGate part="offers">{(settings) => <OfferScreen id={id} settings={settings} />}</P2PGate>;
  },
});
