import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { RestrictionsList } from '../features/p2pOffer/RestrictionsEdit.tsx';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { OfferEditRoute } from './-offerRoute.tsx';
import { prefetchOffer } from './-p2pLoaders.ts';

/** `/p2p/offers/{id}/restrictions`: the restrictions, each opening its sub-page. */
export const Route = createFileRoute('/p2p/offers/$id/restrictions/')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => prefetchOffer(context, params.id),
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
