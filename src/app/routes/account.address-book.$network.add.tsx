import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { AddressBookAddView } from '../features/addressBook/AddressBookAddView.tsx';
import { addressBookNetworkParams } from '../features/addressBook/addressBookParams.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/** `/account/address-book/{network}/add`: save a new address. */
export const Route = createFileRoute('/account/address-book/$network/add')({
  params: { parse: (raw) => parseParamsOrNotFound(addressBookNetworkParams, raw) },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
  },
  component: AddressBookAddRoute,
});

function AddressBookAddRoute() {
  const { network } = Route.useParams();
  return <SessionGate>{() => <AddressBookAddView network={network} />}</SessionGate>;
}
