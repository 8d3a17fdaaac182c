import { createFileRoute, notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { assetCode } from '../../contract/wallet-operations.ts';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { AssetView } from '../features/wallet/AssetView.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

const assetPageParams = z.object({ asset: assetCode });

/** `/wallet/{asset}`: one crypto asset of the catalogue; any other code is the not-found page. */
export const Route = createFileRoute('/wallet/$asset')({
  params: { parse: (raw) => parseParamsOrNotFound(assetPageParams, raw) },
  loader: async ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    const catalogue = await context.queryClient.ensureQueryData(assetCatalogueQueryOptions());
    const asset = catalogue.assets[params.asset];
    if (asset === undefined || asset.is_fiat) throw notFound();
    return { asset };
  },
  component: AssetRoute,
});

function AssetRoute() {
  const { asset } = Route.useLoaderData();
  return <SessionGate>{(settings) => <AssetView asset={asset} timeZone={settings.timezone} />}</SessionGate>;
}
