import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { LimitsEdit } from '../features/p2pOffer/AmountEdits.tsx';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { OfferEditRoute } from './-offerRoute.tsx';
import { prefetchOffer } from './-p2pLoaders.ts';

/** `/p2p/offers/{id}/limits`: edit the limits of one order. */
export const Route = createFileRoute('/p2p/offers/$id/limits')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => prefetchOffer(context, params.id),
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
