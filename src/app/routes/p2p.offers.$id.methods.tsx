import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { MethodsEdit } from '../features/p2pOffer/ListEdits.tsx';
import { OfferEditRoute, offerRouteOptions } from './-offerRoute.tsx';

/** `/p2p/offers/{id}/methods`: edit the payment methods (only while offline). */
export const Route = createFileRoute('/p2p/offers/$id/methods')({
  ...offerRouteOptions,
  component: function EditRoute() {
    const { id } = Route.useParams();
    const { t } = useLingui();
    return (
      <OfferEditRoute id={id} property="methods" title={t`Payment methods`}>
        {(props) => <MethodsEdit {...props} />}
      </OfferEditRoute>
    );
  },
});
