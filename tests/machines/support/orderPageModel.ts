/**
 * The orderPage machine's model, shared by tests/machines/p2pOrderPage.model.test.ts. Order 7,
 * seen by one side in five situations (the `actions` the server offers it); the events are what
 * the page can send (the review form's only after completion), and the order query's refresh showing the order moved on (`order.sync` with
 * no actions left).
 */
import type { EventFrom } from 'xstate';
import { type OrderPageInput, orderPageMachine } from '../../../machines/p2pOrderPage.machine.ts';
import { type ActorSettleOf, eventsWhileActive, isActorSettle, type ModelEvent, transitionPaths } from './model.ts';

export type OrderPageMachine = typeof orderPageMachine;
type Settle = ActorSettleOf<OrderPageMachine>;
type Event = EventFrom<OrderPageMachine>;

export const ORDER_ID = 7;

/** A failure as the app's actors reject: the HTTP status and the server's code (null: no answer). */
export const failure = (status: number | null, reason: string | null = null) => ({ status, reason });

export const SCENARIOS: ReadonlyArray<{ name: string; input: OrderPageInput }> = [
  { name: 'the maker, processed', input: { orderId: ORDER_ID, actions: ['accept', 'decline'], maxCommentLength: 500 } },
  { name: 'the taker, processed', input: { orderId: ORDER_ID, actions: ['cancel'], maxCommentLength: 500 } },
  {
    name: 'the buyer, accepted',
    input: { orderId: ORDER_ID, actions: ['cancel', 'mark_paid'], maxCommentLength: 500 },
  },
  { name: 'the buyer, pending', input: { orderId: ORDER_ID, actions: ['unmark_paid'], maxCommentLength: 500 } },
  { name: 'either side, completed', input: { orderId: ORDER_ID, actions: ['review'], maxCommentLength: 500 } },
];

const actionEvents: Event[] = [
  { type: 'action.start', action: 'accept' },
  { type: 'action.start', action: 'decline' },
  { type: 'action.start', action: 'cancel' },
  { type: 'action.start', action: 'mark_paid' },
  { type: 'action.start', action: 'unmark_paid' },
  { type: 'cancel.reason', reason: 'changed_mind' },
  { type: 'action.confirm' },
  { type: 'action.dismiss' },
  { type: 'order.sync', actions: [] },
  { type: 'order.sync', actions: ['cancel', 'mark_paid'] },
  { type: 'error.dismiss' },
];

/** The review form is on the page only after completion: its events only there. */
const reviewEvents: Event[] = [
  { type: 'review.type', reviewType: 'positive' },
  { type: 'review.comment', comment: 'Fast and polite' },
  { type: 'review.submit' },
];

const settles: Settle[] = [
  { type: 'actor.done', id: 'transition', output: { actions: [] } },
  { type: 'actor.error', id: 'transition', error: failure(409, 'order_status_conflict') },
  { type: 'actor.error', id: 'transition', error: failure(null) },
  { type: 'actor.done', id: 'submitReview', output: { actions: [] } },
  { type: 'actor.error', id: 'submitReview', error: failure(409, 'already_reviewed') },
];

export function orderPagePaths(input: OrderPageInput) {
  const events = input.actions.includes('review') ? [...actionEvents, ...reviewEvents] : actionEvents;
  return transitionPaths(orderPageMachine, {
    input,
    events: (snapshot) => eventsWhileActive(snapshot, events, settles),
    key: (snapshot) => [snapshot.value, snapshot.context],
  });
}

export function describeEvent(event: ModelEvent<OrderPageMachine>): string {
  if (isActorSettle(event)) {
    if (event.type === 'actor.done') return `${event.id} answers`;
    return `${event.id} fails (${JSON.stringify(event.error)})`;
  }
  switch (event.type) {
    case 'time.pass':
      return `${event.ms} ms pass`;
    case 'action.start':
      return `the person starts ${event.action}`;
    case 'order.sync':
      return 'the order moves on elsewhere';
    default:
      return `the person does ${event.type}`;
  }
}
