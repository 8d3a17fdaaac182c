import type { ReactNode } from 'react';
import type { OfferProperty } from '../../../machines/offerManagement.machine.ts';
import { offerQueryOptions } from '../api/p2pOfferQueries.ts';
import { type EditFormProps, OfferEditPage } from '../features/p2pOffer/OfferEditPage.tsx';
import { offerParams } from '../features/p2pOffer/offerParams.ts';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';
import type { RouterContext } from '../router.tsx';
import { P2PGate } from './-p2pGate.tsx';

/**
 * What `/p2p/offers/{id}` and its pages share: a numeric id (anything else is not found), and the
 * session and the offer fetched with the page.
 */
export const offerRouteOptions = {
  params: { parse: (raw: Record<string, string>) => parseParamsOrNotFound(offerParams, raw) },
  loader: ({ context, params }: { context: RouterContext; params: { id: number } }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(offerQueryOptions(params.id));
  },
};

/** An edit page of the offer behind the offers' gate, in the edit frame. */
export function OfferEditRoute({
  id,
  property,
  title,
  children,
}: {
  id: number;
  property: OfferProperty;
  title: string;
  children: (props: EditFormProps) => ReactNode;
}) {
  return (
    <P2PGate part="offers">
      {() => (
        <OfferEditPage id={id} property={property} title={title}>
          {children}
        </OfferEditPage>
      )}
    </P2PGate>
  );
}
