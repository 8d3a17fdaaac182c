import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { AddressBookNetworksView } from '../features/addressBook/AddressBookNetworksView.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';

/** `/account/address-book`: choose a network. */
export const Route = createFileRoute('/account/address-book/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
  },
  component: AddressBookRoute,
});

function AddressBookRoute() {
  return <SessionGate>{() => <AddressBookNetworksView />}</SessionGate>;
}
