import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ConditionsEdit } from '../features/p2pOffer/ListEdits.tsx';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { OfferEditRoute } from './-offerRoute.tsx';
import { prefetchOffer } from './-p2pLoaders.ts';

/** `/p2p/offers/{id}/conditions`: edit the conditions. */
export const Route = createFileRoute('/p2p/offers/$id/conditions')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => prefetchOffer(context, params.id),
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
