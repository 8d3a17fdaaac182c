/**
 * The offerManagement machine's model, shared by tests/machines/offerManagement.model.test.ts and
 * the offer's pages along the same paths (tests/app/p2pOffer/offerManagement.paths.view.test.tsx).
 * Offer 42 (a sell offer, USDT for RUB), online or offline at the start. Three event sets: what the
 * management view can do (status, delete), what an edit page can do (save the price), and all of
 * them with the offer query's `offer.sync` for the machine's own coverage.
 */
import type { EventFrom } from 'xstate';
import {
  type OfferEdit,
  type OfferManagementInput,
  offerManagementMachine,
} from '../../../machines/offerManagement.machine.ts';
import { type ActorSettleOf, eventsWhileActive, isActorSettle, type ModelEvent, transitionPaths } from './model.ts';

export type OfferManagementMachine = typeof offerManagementMachine;
type Settle = ActorSettleOf<OfferManagementMachine>;
type Event = EventFrom<OfferManagementMachine>;

export const OFFER_ID = 42;

/** The edit a price page sends: a fixed 97.50 RUB. */
export const PRICE_EDIT: OfferEdit = {
  property: 'price',
  body: { price_type: 'fixed', price: '97.5', price_floating_ratio: null },
};

/** A failure as the app's actors reject: the HTTP status and the server's code (null: no answer). */
export const failure = (status: number | null, reason: string | null = null) => ({ status, reason });

export type EventSet = 'management' | 'edit' | 'all';

export const SCENARIOS: ReadonlyArray<{ name: string; set: EventSet; input: OfferManagementInput }> = [
  { name: 'management, offline', set: 'management', input: { offerId: OFFER_ID, active: false } },
  { name: 'management, online', set: 'management', input: { offerId: OFFER_ID, active: true } },
  { name: 'price page, offline', set: 'edit', input: { offerId: OFFER_ID, active: false } },
  { name: 'price page, online', set: 'edit', input: { offerId: OFFER_ID, active: true } },
];

const managementEvents: Event[] = [
  { type: 'status.toggle' },
  { type: 'delete.ask' },
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
];

const managementSettles: Settle[] = [
  { type: 'actor.done', id: 'setActive', output: undefined },
  { type: 'actor.error', id: 'setActive', error: failure(409, 'too_many_active_offers') },
  { type: 'actor.error', id: 'setActive', error: failure(null) },
  { type: 'actor.done', id: 'deleteOffer', output: undefined },
  { type: 'actor.error', id: 'deleteOffer', error: failure(409, 'has_open_orders') },
  { type: 'actor.error', id: 'deleteOffer', error: failure(null) },
];

const editEvents: Event[] = [{ type: 'edit.save', edit: PRICE_EDIT }];

const editSettles: Settle[] = [
  { type: 'actor.done', id: 'saveEdit', output: undefined },
  { type: 'actor.error', id: 'saveEdit', error: failure(422, 'invalid_offer') },
];

const machineOnly: Event[] = [
  { type: 'offer.sync', active: true },
  { type: 'offer.sync', active: false },
  { type: 'error.dismiss' },
];

function eventsOf(set: EventSet): { events: Event[]; settles: Settle[] } {
  if (set === 'management') return { events: managementEvents, settles: managementSettles };
  if (set === 'edit') return { events: editEvents, settles: editSettles };
  return {
    events: [...managementEvents, ...editEvents, ...machineOnly],
    settles: [...managementSettles, ...editSettles],
  };
}

export function offerManagementPaths(input: OfferManagementInput, set: EventSet) {
  const { events, settles } = eventsOf(set);
  return transitionPaths(offerManagementMachine, {
    input,
    events: (snapshot) => eventsWhileActive(snapshot, events, settles),
    key: (snapshot) => [snapshot.value, snapshot.context],
  });
}

export function describeEvent(event: ModelEvent<OfferManagementMachine>): string {
  if (isActorSettle(event)) {
    if (event.type === 'actor.done') return `${event.id} answers`;
    return `${event.id} fails (${JSON.stringify(event.error)})`;
  }
  switch (event.type) {
    case 'time.pass':
      return `${event.ms} ms pass`;
    case 'edit.save':
      return `the maker saves the ${event.edit.property}`;
    case 'offer.sync':
      return `the offer shows as ${event.active ? 'online' : 'offline'}`;
    default:
      return `the maker does ${event.type}`;
  }
}
