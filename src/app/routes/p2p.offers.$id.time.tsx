import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TimeEdit } from '../features/p2pOffer/ListEdits.tsx';
import { OfferEditRoute, offerRouteOptions } from './-offerRoute.tsx';

/** `/p2p/offers/{id}/time`: edit the payment window. */
export const Route = createFileRoute('/p2p/offers/$id/time')({
  ...offerRouteOptions,
  component: function EditRoute() {
    const { id } = Route.useParams();
    const { t } = useLingui();
    return (
      <OfferEditRoute id={id} property="time" title={t`Time to pay`}>
        {(props) => <TimeEdit {...props} />}
      </OfferEditRoute>
    );
  },
});
