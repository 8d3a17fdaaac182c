import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { RestrictionsList } from '../features/p2pOffer/RestrictionsEdit.tsx';
import { OfferEditRoute, offerRouteOptions } from './-offerRoute.tsx';

/** `/p2p/offers/{id}/restrictions`: the restrictions, each opening its sub-page. */
export const Route = createFileRoute('/p2p/offers/$id/restrictions/')({
  ...offerRouteOptions,
  component: function RestrictionsRoute() {
    const { id } = Route.useParams();
    const { t } = useLingui();
    return (
      <OfferEditRoute id={id} property="restrictions" title={t`Restrictions`}>
        {({ offer }) => <RestrictionsList offer={offer} />}
      </OfferEditRoute>
    );
  },
});
