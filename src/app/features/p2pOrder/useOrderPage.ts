import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import {
  orderPageMachine,
  type ReviewInput,
  type TransitionInput,
  type TransitionOutput,
} from '../../../../machines/p2pOrderPage.machine.ts';
import { maxReviewCommentLength, type Order } from '../../../contract/p2p-orders.ts';
import type { OrderTransitions } from '../../api/p2pOrderQueries.ts';
import { asMachineCall } from '../../lib/machineCall.ts';
import { useOrderTransitions } from './orderCalls.ts';

export type OrderPageActor = ActorRefFrom<typeof orderPageMachine>;

function send(calls: OrderTransitions, input: TransitionInput): Promise<TransitionOutput> {
  switch (input.action) {
    case 'accept':
      return calls.accept();
    case 'decline':
      return calls.decline();
    case 'cancel':
      return calls.cancel({ reason: input.reason ?? 'other' });
    case 'mark_paid':
      return calls.markPaid();
    case 'unmark_paid':
      return calls.unmarkPaid();
  }
}

/**
 * The order page's machine (machines/p2pOrderPage.machine.ts) with the order's calls, following
 * the actions of each refresh of the order.
 */
export function useOrderPage(order: Order) {
  const calls = useOrderTransitions(order.id);
  const [machine] = useState(() =>
    orderPageMachine.provide({
      actors: {
        transition: fromPromise<TransitionOutput, TransitionInput>(({ input }) =>
          asMachineCall(() => send(calls, input)),
        ),
        submitReview: fromPromise<TransitionOutput, ReviewInput>(({ input }) =>
          asMachineCall(() => calls.review({ type: input.type, comment: input.comment })),
        ),
      },
    }),
  );
  const actor = useActorRef(machine, {
    input: { orderId: order.id, actions: order.actions, maxCommentLength: maxReviewCommentLength },
  });
  useEffect(() => {
    actor.send({ type: 'order.sync', actions: order.actions });
  }, [actor, order.actions]);
  return actor;
}
