import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { RestrictionEdit, restrictionTitle } from '../features/p2pOffer/RestrictionsEdit.tsx';
import { restrictionPages } from '../features/p2pOffer/restrictionPages.ts';
import { choiceParamOrNotFound, idParamOrNotFound } from '../lib/routeParams.ts';
import { OfferEditRoute } from './-offerRoute.tsx';
import { prefetchOffer } from './-p2pLoaders.ts';

/** `/p2p/offers/{id}/restrictions/{premium|orders-percent|orders|volume|age}`: one restriction. */
export const Route = createFileRoute('/p2p/offers/$id/restrictions/$restriction')({
  params: {
    parse: (raw) => ({
      id: idParamOrNotFound(raw.id),
      restriction: choiceParamOrNotFound(restrictionPages, raw.restriction),
    }),
  },
  loader: ({ context, params }) => prefetchOffer(context, params.id),
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
