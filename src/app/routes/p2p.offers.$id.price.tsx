import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PriceEdit } from '../features/p2pOffer/PriceEdit.tsx';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { OfferEditRoute } from './-offerRoute.tsx';
import { prefetchOffer } from './-p2pLoaders.ts';

/** `/p2p/offers/{id}/price`: edit the price, fixed or floating. */
export const Route = createFileRoute('/p2p/offers/$id/price')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => prefetchOffer(context, params.id),
  component: function EditRoute() {
    const { id } = Route.useParams();
    const { t } = useLingui();
    return (
      <OfferEditRoute id={id} property="price" title={t`Price`}>
        {(props) => <PriceEdit {...props} />}
      </OfferEditRoute>
    );
  },
});
