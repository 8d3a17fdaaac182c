import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { LimitsEdit } from '../features/p2pOffer/AmountEdits.tsx';
import { OfferEditRoute, offerRouteOptions } from './-offerRoute.tsx';

/** `/p2p/offers/{id}/limits`: edit the limits of one order. */
export const Route = createFileRoute('/p2p/offers/$id/limits')({
  ...offerRouteOptions,
  component: function EditRoute() {
    const { id } = Route.useParams();
    const { t } = useLingui();
    return (
      <OfferEditRoute id={id} property="limits" title={t`Limits`}>
        {(props) => <LimitsEdit {...props} />}
      </OfferEditRoute>
    );
  },
});
