import { createFileRoute } from '@tanstack/react-router';
import { AddressBookEntryView } from '../features/addressBook/AddressBookEntryView.tsx';
import { addressBookEntryParams } from '../features/addressBook/addressBookParams.ts';
import { addressBookEntryQueryOptions } from '../features/addressBook/addressBookQueries.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/** `/account/address-book/{network}/{id}`: one saved address. */
export const Route = createFileRoute('/account/address-book/$network/$id/')({
  params: { parse: (raw) => parseParamsOrNotFound(addressBookEntryParams, raw) },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(addressBookEntryQueryOptions(params.id));
  },
  component: AddressBookEntryRoute,
});

function AddressBookEntryRoute() {
  const { network, id } = Route.useParams();
  return <SessionGate>{() => <AddressBookEntryView network={network} id={id} />}</SessionGate>;
}
