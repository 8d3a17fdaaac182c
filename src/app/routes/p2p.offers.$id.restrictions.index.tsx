import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { offerQueryOptions } from '../api/p2pOfferQueries.ts';
import { OfferEditPage } from '../features/p2pOffer/OfferEditPage.tsx';
import { offerParams } from '../features/p2pOffer/offerParams.ts';
import { RestrictionsList } from '../features/p2pOffer/RestrictionsEdit.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';
import { P2PGate } from './-p2pGate.tsx';

/** `/p2p/offers/{id}/restrictions`: the restrictions, each opening its sub-page. */
export const Route = createFileRoute('/p2p/offers/$id/restrictions/')({
  params: { parse: (raw) => parseParamsOrNotFound(offerParams, raw) },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(offerQueryOptions(params.id));
  },
  component: RestrictionsRoute,
});

function RestrictionsRoute() {
  const { id } = Route.useParams();
  const { t } = useLingui();
  return (
    <P2PGate part="offers">
      {() => (
        <OfferEditPage id={id} property="restrictions" title={t`Restrictions`}>
          {({ offer }) => <RestrictionsList offer={offer} />}
        </OfferEditPage>
      )}
    </P2PGate>
  );
}
