import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { marketUserId } from '../../contract/p2p-profile.ts';
import { marketProfileQueryOptions } from '../api/p2pProfileQueries.ts';
import { UserProfileView } from '../features/p2pProfile/UserProfileView.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

const userParams = z.object({ id: marketUserId });

/** `/p2p/users/{id}`: another market user's profile and reviews, by public market id. */
export const Route = createFileRoute('/p2p/users/$id')({
  params: { parse: (raw) => parseParamsOrNotFound(userParams, raw) },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(marketProfileQueryOptions(params.id));
  },
  component: UserProfileRoute,
});

function UserProfileRoute() {
  const { id } = Route.useParams();
  return <P2PGate part="market">{(settings) => <UserProfileView id={id} timeZone={settings.timezone} />}</P2PGate>;
}
