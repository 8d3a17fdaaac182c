import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { VolumeEdit } from '../features/p2pOffer/AmountEdits.tsx';
import { OfferEditRoute, offerRouteOptions } from './-offerRoute.tsx';

/** `/p2p/offers/{id}/volume`: edit the volume (only while offline). */
export const Route = createFileRoute('/p2p/offers/$id/volume')({
  ...offerRouteOptions,
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
