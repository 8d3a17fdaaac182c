import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { offerQueryOptions } from '../api/p2pOfferQueries.ts';
import { OfferEditPage } from '../features/p2pOffer/OfferEditPage.tsx';
import { offerParams } from '../features/p2pOffer/offerParams.ts';
import { PriceEdit } from '../features/p2pOffer/PriceEdit.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/offers/{id}/price`: edit the price, fixed or floating. */
export const Route = createFileRoute('/p2p/offers/$id/price')({
  params: { parse: (raw) => parseParamsOrNotFound(offerParams, raw) },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(offerQueryOptions(params.id));
  },
  component: EditRoute,
});

function EditRoute() {
  const { id } = Route.useParams();
  const { t } = useLingui();
  return (
    <P2PGate part="offers">
      {() => (
        <OfferEditPage id={id} property="price" title={t`Price`}>
          {(props) => <PriceEdit {...props} />}
        </OfferEditPage>
      )}
    </P2PGate>
  );
}
