import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PriceEdit } from '../features/p2pOffer/PriceEdit.tsx';
import { OfferEditRoute, offerRouteOptions } from './-offerRoute.tsx';

/** `/p2p/offers/{id}/price`: edit the price, fixed or floating. */
export const Route = createFileRoute('/p2p/offers/$id/price')({
  ...offerRouteOptions,
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
