import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TimeEdit } from '../features/p2pOffer/ListEdits.tsx';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { OfferEditRoute } from './-offerRoute.tsx';
import { prefetchOffer } from './-p2pLoaders.ts';

/** `/p2p/offers/{id}/time`: edit the payment window. */
export const Route = createFileRoute('/p2p/offers/$id/time')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => prefetchOffer(context, params.id),
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
