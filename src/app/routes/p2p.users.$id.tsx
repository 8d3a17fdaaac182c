import { createFileRoute } from '@tanstack/react-router';
import { marketProfileQueryOptions } from '../api/p2pProfileQueries.ts';
import { UserProfileView } from '../features/p2pProfile/UserProfileView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/users/{id}`: another market user's profile and reviews, by public market id. */
export const Route = createFileRoute('/p2p/users/$id')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(marketProfileQueryOptions(params.id));
    });
  },
  component: UserProfileRoute,
});

function UserProfileRoute() {
  const { id } = Route.useParams();
  return <P2PGate part="market">{(settings) => <UserProfileView id={id} timeZone={settings.timezone} />}</P2PGate>;
}
