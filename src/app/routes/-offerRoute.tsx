import type { ReactNode } from 'react';
import type { OfferProperty } from '../../../machines/offerManagement.machine.ts';
import { type EditFormProps, OfferEditPage } from '../features/p2pOffer/OfferEditPage.tsx';
import { P2PGate } from './-p2pGate.tsx';

/**
 * An edit page of the offer (`/p2p/offers/{id}/…`) behind the offers' gate, in the edit frame.
 * Use it only inside a route's `component`, so it stays in the screen's chunk.
 */
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
