import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { offerQueryOptions } from '../api/p2pOfferQueries.ts';
import { ConditionsEdit } from '../features/p2pOffer/ListEdits.tsx';
import { OfferEditPage } from '../features/p2pOffer/OfferEditPage.tsx';
import { offerParams } from '../features/p2pOffer/offerParams.ts';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/offers/{id}/conditions`: edit the conditions. */
export const Route = createFileRoute('/p2p/offers/$id/conditions')({
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
        <OfferEditPage id={id} property="conditions" title={t`Conditions`}>
          {(props) => <ConditionsEdit {...props} />}
        </OfferEditPage>
      )}
    </P2PGate>
  );
}
