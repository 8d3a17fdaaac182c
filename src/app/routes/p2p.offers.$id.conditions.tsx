import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ConditionsEdit } from '../features/p2pOffer/ListEdits.tsx';
import { OfferEditRoute, offerRouteOptions } from './-offerRoute.tsx';

/** `/p2p/offers/{id}/conditions`: edit the conditions. */
export const Route = createFileRoute('/p2p/offers/$id/conditions')({
  ...offerRouteOptions,
  component: function EditRoute() {
    const { id } = Route.useParams();
    const { t } = useLingui();
    return (
      <OfferEditRoute id={id} property="conditions" title={t`Conditions`}>
        {(props) => <ConditionsEdit {...props} />}
      </OfferEditRoute>
    );
  },
});
