import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { MethodsEdit } from '../features/p2pOffer/ListEdits.tsx';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { OfferEditRoute } from './-offerRoute.tsx';
import { prefetchOffer } from './-p2pLoaders.ts';

/** `/p2p/offers/{id}/methods`: edit the payment methods (only while offline). */
export const Route = createFileRoute('/p2p/offers/$id/methods')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => prefetchOffer(context, params.id),
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
