import { createFileRoute } from '@tanstack/react-router';
import { AddressBookSearchView } from '../features/addressBook/AddressBookSearchView.tsx';
import { addressBookNetworkParams } from '../features/addressBook/addressBookParams.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/** `/account/address-book/{network}/search`: find a saved address by title or address. */
export const Route = createFileRoute('/account/address-book/$network/search')({
  params: { parse: (raw) => parseParamsOrNotFound(addressBookNetworkParams, raw) },
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: AddressBookSearchRoute,
});

function AddressBookSearchRoute() {
  const { network } = Route.useParams();
  return <SessionGate>{() => <AddressBookSearchView network={network} />}</SessionGate>;
}
