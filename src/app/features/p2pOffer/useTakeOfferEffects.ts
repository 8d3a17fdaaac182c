import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { takeOfferMachine } from '../../../../machines/takeOffer.machine.ts';
import { refreshAfterOrder } from '../../api/p2pTakeOffer.ts';
import { readTakeDraft, writeTakeDraft } from './takeDraft.ts';

/**
 * Where the take-offer flow leads once it ends:
 * - `done`: the offer, order and balance queries are refreshed (spec 001 s.4), the amount typed
 *   is forgotten (the method stays), and the order page replaces the offer in the history;
 * - `setPasscode`: the set-passcode flow with the strict suggestion (spec 001 s.4 "Take-offer
 *   passcode rule"); finished, it comes back here;
 * - `verify`: account verification, from the notice's Verify.
 */
export function useTakeOfferEffects(actor: ActorRefFrom<typeof takeOfferMachine>, offerId: number): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ending = useSelector(actor, (snapshot) =>
    snapshot.hasTag('done')
      ? 'done'
      : snapshot.hasTag('setPasscode')
        ? 'setPasscode'
        : snapshot.hasTag('verify')
          ? 'verify'
          : null,
  );
  const orderId = useSelector(actor, (snapshot) => snapshot.context.orderId);
  useEffect(() => {
    if (ending === 'done' && orderId !== null) {
      const draft = readTakeDraft(offerId);
      if (draft !== null) writeTakeDraft(offerId, { ...draft, amount: '' });
      void refreshAfterOrder(queryClient);
      void navigate({ to: '/p2p/orders/$id', params: { id: orderId }, replace: true });
    }
    if (ending === 'setPasscode') {
      void navigate({
        to: '/account/security/passcode/new',
        search: { suggestion: 'strict', back: `/p2p/offers/${offerId}` },
      });
    }
    if (ending === 'verify') void navigate({ to: '/account/verification' });
  }, [ending, orderId, offerId, navigate, queryClient]);
}
