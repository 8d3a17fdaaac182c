import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { offerQueryOptions } from '../api/p2pOfferQueries.ts';
import { restrictionParams } from '../features/p2pOffer/offerParams.ts';
import { RestrictionEdit, restrictionTitle } from '../features/p2pOffer/RestrictionsEdit.tsx';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';
import { OfferEditRoute } from './-offerRoute.tsx';

/** `/p2p/offers/{id}/restrictions/{premium|orders-percent|orders|volume|age}`: one restriction. */
export const Route = createFileRoute('/p2p/offers/$id/restrictions/$restriction')({
  params: { parse: (raw) => parseParamsOrNotFound(restrictionParams, raw) },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(offerQueryOptions(params.id));
  },
  component: RestrictionRoute,
});

function RestrictionRoute() {
  const { id, restriction } = Route.useParams();
  const { i18n } = useLingui();
  return (
    <OfferEditRoute id={id} property="restrictions" title={i18n._(restrictionTitle(restriction))}>
      {(props) => <RestrictionEdit {...props} page={restriction} />}
    </OfferEditRoute>
  );
}
