import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { VolumeEdit } from '../features/p2pOffer/AmountEdits.tsx';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { OfferEditRoute } from './-offerRoute.tsx';
import { prefetchOffer } from './-p2pLoaders.ts';

/** `/p2p/offers/{id}/volume`: edit the volume (only while offline). */
export const Route = createFileRoute('/p2p/offers/$id/volume')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => prefetchOffer(context, params.id),
  component: function EditRoute() {
    const { id } = Route.useParams();
    const { t } = useLingui();
    return (
      <OfferEditRoute id={id} property="volume" title={t`Volume`}>
        {(props) => <VolumeEdit {...props} />}
      </OfferEditRoute>
    );
  },
});
