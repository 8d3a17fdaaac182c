import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { depositAddressParams } from '../features/deposit/depositParams.ts';
import { depositAddressQueryOptions } from '../features/deposit/depositQueries.ts';
import { RenameDepositAddressView } from '../features/deposit/RenameDepositAddressView.tsx';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/** `…/addresses/{id}/edit`: rename the address. */
export const Route = createFileRoute('/wallet/deposit/$asset/$network/addresses/$id/edit')({
  params: { parse: (raw) => parseParamsOrNotFound(depositAddressParams, raw) },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
    void context.queryClient.prefetchQuery(depositAddressQueryOptions(params.network, params.id));
  },
  component: RenameDepositAddressRoute,
});

function RenameDepositAddressRoute() {
  const { asset, network, id } = Route.useParams();
  return <SessionGate>{() => <RenameDepositAddressView asset={asset} network={network} id={id} />}</SessionGate>;
}
