import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { offerQueryOptions } from '../api/p2pOfferQueries.ts';
import { VolumeEdit } from '../features/p2pOffer/AmountEdits.tsx';
import { OfferEditPage } from '../features/p2pOffer/OfferEditPage.tsx';
import { offerParams } from '../features/p2pOffer/offerParams.ts';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/offers/{id}/volume`: edit the volume (only while offline). */
export const Route = createFileRoute('/p2p/offers/$id/volume')({
  params: { parse: (raw) => parseParamsOrNotFound(offerParams, raw) },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(offerQueryOptions(params.id));
  },
  component: EditRoute,
});

function EditRoute() {
  const { id } = Route.useParams();
  const { t } = useLingui();
  return (
    <P2PGate part="offers">
      {() => (
        <OfferEditPage id={id} property="volume" title={t`Volume`}>
          {(props) => <VolumeEdit {...props} />}
        </OfferEditPage>
      )}
    </P2PGate>
  );
}
