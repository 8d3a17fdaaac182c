import { createFileRoute } from '@tanstack/react-router';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { DepositAddressDetailView } from '../features/deposit/DepositAddressDetailView.tsx';
import { depositAddressParams } from '../features/deposit/depositParams.ts';
import { depositAddressQueryOptions } from '../features/deposit/depositQueries.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

/** `…/addresses/{id}`: one address with its QR code. */
export const Route = createFileRoute('/wallet/deposit/$asset/$network/addresses/$id/')({
  params: { parse: (raw) => parseParamsOrNotFound(depositAddressParams, raw) },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(assetCatalogueQueryOptions());
    void context.queryClient.prefetchQuery(depositAddressQueryOptions(params.network, params.id));
  },
  component: DepositAddressDetailRoute,
});

function DepositAddressDetailRoute() {
  const { asset, network, id } = Route.useParams();
  return <SessionGate>{() => <DepositAddressDetailView asset={asset} network={network} id={id} />}</SessionGate>;
}
