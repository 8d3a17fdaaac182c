import { createFileRoute } from '@tanstack/react-router';
import { marketFiatsQueryOptions } from '../api/p2pMethodsQueries.ts';
import { marketAssetsQueryOptions, marketConfigQueryOptions } from '../api/p2pQueries.ts';
import { assetCatalogueQueryOptions } from '../api/walletQueries.ts';
import { CreateOfferPage } from '../features/p2pCreateOffer/CreateOfferPage.tsx';
import { type CreateOfferSearch, createOfferSearch, flowSearchOf } from '../features/p2pCreateOffer/createOfferUrl.ts';
import type { FlowWrite } from '../lib/flowUrl.ts';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { P2PGate } from './-p2pGate.tsx';

/**
 * `/p2p/offers/new`: type, asset and fiat, price, amounts, methods, time to pay, conditions,
 * restrictions, review; each step its own URL (`?step=`: features/p2pCreateOffer/createOfferUrl.ts).
 */
export const Route = createFileRoute('/p2p/offers/new')({
  validateSearch: createOfferSearch,
  loader: ({ context }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(marketConfigQueryOptions());
      void client.prefetchQuery(marketAssetsQueryOptions());
      void client.prefetchQuery(marketFiatsQueryOptions());
      void client.prefetchQuery(assetCatalogueQueryOptions());
    });
  },
  component: CreateOfferRoute,
});

function CreateOfferRoute() {
  // The flow's own field; the root's `back` stays as it came, whatever the flow writes.
  const search = Route.useSearch({ select: flowSearchOf });
  const navigate = Route.useNavigate();
  const writeSearch = (next: CreateOfferSearch, how: FlowWrite) =>
    void navigate({ search: (previous) => ({ ...next, back: previous.back }), ...how });
  return (
    <P2PGate part="offers">
      {(settings) => <CreateOfferPage settings={settings} search={search} onSearch={writeSearch} />}
    </P2PGate>
  );
}
