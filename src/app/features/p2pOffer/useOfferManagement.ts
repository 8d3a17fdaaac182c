import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Offer } from '../../../contract/p2p-offers.ts';
import { useErrorToast } from '../../ui/passcodeConfirm/parts.tsx';
import { type OfferManagementActor, provideOfferManagement } from './offerManagement.ts';
import { offerErrorMessage } from './offerMessages.ts';

/**
 * The offerManagement machine of one offer's page (the management view or an edit page), kept in
 * step with the offer query's status, its failures shown as an error toast (a native alert in the
 * mini app; spec 001 s.8 "Presentation").
 */
export function useOfferManagement(
  offer: Offer,
  effects: { leave: () => void; showOffer: () => void },
): OfferManagementActor {
  const queryClient = useQueryClient();
  const latest = useRef(effects);
  latest.current = effects;
  const [machine] = useState(() =>
    provideOfferManagement({
      queryClient,
      leave: () => latest.current.leave(),
      showOffer: () => latest.current.showOffer(),
    }),
  );
  const active = offer.status === 'active';
  const actor = useActorRef(machine, { input: { offerId: offer.id, active } });
  useEffect(() => {
    actor.send({ type: 'offer.sync', active });
  }, [actor, active]);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  useErrorToast(useMemo(() => (error === null ? null : offerErrorMessage(error)), [error]));
  return actor;
}
