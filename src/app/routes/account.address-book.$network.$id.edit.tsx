import { createFileRoute } from '@tanstack/react-router';
import { AddressBookEditView } from '../features/addressBook/AddressBookEditView.tsx';
import { addressBookEntryParams } from '../features/addressBook/addressBookParams.ts';
import { addressBookEntryQueryOptions } from '../features/addressBook/addressBookQueries.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/** `/account/address-book/{network}/{id}/edit`: rename a saved address. */
export const Route = createFileRoute('/account/address-book/$network/$id/edit')({
  params: { parse: (raw) => parseParamsOrNotFound(addressBookEntryParams, raw) },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(addressBookEntryQueryOptions(params.id));
  },
  component: AddressBookEditRoute,
});

function AddressBookEditRoute() {
  const { network, id } = Route.useParams();
  return <SessionGate>{() => <AddressBookEditView network={network} id={id} />}</SessionGate>;
}
