import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { AddressBookListView } from '../features/addressBook/AddressBookListView.tsx';
import { addressBookListSearch, addressBookNetworkParams } from '../features/addressBook/addressBookParams.ts';
import { addressBookQueryOptions } from '../features/addressBook/addressBookQueries.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/** `/account/address-book/{network}`: the network's saved addresses (`?deleted=` offers a restore). */
export const Route = createFileRoute('/account/address-book/$network/')({
  params: { parse: (raw) => parseParamsOrNotFound(addressBookNetworkParams, raw) },
  validateSearch: addressBookListSearch,
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
    void context.queryClient.prefetchInfiniteQuery(addressBookQueryOptions(params.network));
  },
  component: AddressBookListRoute,
});

function AddressBookListRoute() {
  const { network } = Route.useParams();
  const { deleted } = Route.useSearch();
  const navigate = Route.useNavigate();
  const closeRestoreOffer = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return (
    <SessionGate>
      {() => <AddressBookListView network={network} deleted={deleted} onRestoreOfferClose={closeRestoreOffer} />}
    </SessionGate>
  );
}
