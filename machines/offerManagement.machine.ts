import { assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';
import type { BodyOf } from '../src/contract/endpoint.ts';
import type { p2pOfferEndpoints } from '../src/contract/p2p-offers.ts';

/**
 * The maker's management of one offer (spec 001 s.2 "Offer management screen", s.4 "P2P offer";
 * issue 12; docs/p2p.md "The offer screen"). Every page of the offer (its management view and
 * each edit page) runs one.
 *
 * `ready` waits for the maker. `status.toggle` turns the offer online or offline (`setActive`:
 * PUT /p2p/offers/{id}/active with the opposite of `active`). `delete.ask` opens the confirmation
 * modal, only while the offer is inactive; `delete.confirm` deletes it (`deleteOffer`: DELETE
 * /p2p/offers/{id}) and `deleted` leaves the screen (`leave`); `delete.cancel` closes the modal.
 * `edit.save` sends one property's edit (`saveEdit`: PUT /p2p/offers/{id}/{property}) and `saved`
 * returns to the management view (`showOffer`); methods and volume only while inactive.
 * `offer.sync` keeps `active` equal to what the server last said (the offer query's refresh).
 *
 * Actors reject with `{ status, reason }` (the HTTP status and the server's code; null without an
 * answer); the context keeps which call failed and its code, never texts (errors.status.{code},
 * errors.delete.{code} in the view).
 *
 * Tags: `busy` (a call under way), `confirming` (the delete modal is open).
 */

/** The properties an edit page changes, one PUT each (the contract's `editOffer*`). */
export const offerProperties = ['price', 'volume', 'limits', 'methods', 'time', 'conditions', 'restrictions'] as const;
export type OfferProperty = (typeof offerProperties)[number];

/** Editable only while the offer is inactive: they change what an active sell offer reserves. */
export const inactiveOnlyProperties: ReadonlySet<OfferProperty> = new Set(['volume', 'methods']);

type Endpoints = typeof p2pOfferEndpoints;

/** One edit: the property and the body its PUT sends. */
export type OfferEdit =
  | { property: 'price'; body: BodyOf<Endpoints['editOfferPrice']> }
  | { property: 'volume'; body: BodyOf<Endpoints['editOfferVolume']> }
  | { property: 'limits'; body: BodyOf<Endpoints['editOfferLimits']> }
  | { property: 'methods'; body: BodyOf<Endpoints['editOfferMethods']> }
  | { property: 'time'; body: BodyOf<Endpoints['editOfferTimeLimit']> }
  | { property: 'conditions'; body: BodyOf<Endpoints['editOfferConditions']> }
  | { property: 'restrictions'; body: BodyOf<Endpoints['editOfferRestrictions']> };

/** A failed call: which one, and the server's code (null when no answer came). */
export interface OfferManagementError {
  call: 'status' | 'delete' | 'edit';
  code: string | null;
  /** The HTTP status, or null without an answer. */
  status: number | null;
}

export interface OfferManagementInput {
  offerId: number;
  active: boolean;
}

export interface OfferManagementContext {
  offerId: number;
  active: boolean;
  error: OfferManagementError | null;
}

export type OfferManagementEvent =
  | { type: 'status.toggle' }
  | { type: 'delete.ask' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'edit.save'; edit: OfferEdit }
  | { type: 'offer.sync'; active: boolean }
  | { type: 'error.dismiss' };

/** How actors reject: the HTTP status and the server's code. */
export interface CallFailure {
  status: number | null;
  reason: string | null;
}

function failureOf(error: unknown): Omit<OfferManagementError, 'call'> {
  const field = (name: string): unknown =>
    typeof error === 'object' && error !== null ? Reflect.get(error, name) : undefined;
  const status = field('status');
  const reason = field('reason');
  return {
    status: typeof status === 'number' ? status : null,
    code: typeof reason === 'string' ? reason : null,
  };
}

function pending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

const failed =
  (call: OfferManagementError['call']) =>
  ({ event }: { event: { error: unknown } }): OfferManagementError => ({ call, ...failureOf(event.error) });

export const offerManagementMachine = setup({
  types: {
    context: {} as OfferManagementContext,
    events: {} as OfferManagementEvent,
    input: {} as OfferManagementInput,
    tags: {} as 'busy' | 'confirming',
  },
  actors: {
    setActive: pending<void, { offerId: number; active: boolean }>(),
    deleteOffer: pending<void, { offerId: number }>(),
    saveEdit: pending<void, { offerId: number; edit: OfferEdit }>(),
  },
  actions: {
    /** After a delete: back where the screen was opened from (spec: "the view goes back"). */
    leave: () => {},
    /** After an edit: the offer's management view. */
    showOffer: () => {},
  },
  guards: {
    isInactive: ({ context }) => !context.active,
    editAllowed: ({ context, event }) =>
      event.type === 'edit.save' && !(context.active && inactiveOnlyProperties.has(event.edit.property)),
  },
}).createMachine({
  id: 'offerManagement',
  context: ({ input }) => ({ offerId: input.offerId, active: input.active, error: null }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'status.toggle': { target: 'switching', actions: assign({ error: null }) },
        'delete.ask': { guard: 'isInactive', target: 'confirmingDelete', actions: assign({ error: null }) },
        'edit.save': { guard: 'editAllowed', target: 'saving', actions: assign({ error: null }) },
        'offer.sync': { actions: assign({ active: ({ event }) => event.active }) },
        'error.dismiss': { actions: assign({ error: null }) },
      },
    },
    switching: {
      tags: ['busy'],
      invoke: {
        id: 'setActive',
        src: 'setActive',
        input: ({ context }) => ({ offerId: context.offerId, active: !context.active }),
        onDone: { target: 'ready', actions: assign({ active: ({ context }) => !context.active }) },
        onError: { target: 'ready', actions: assign({ error: failed('status') }) },
      },
    },
    confirmingDelete: {
      tags: ['confirming'],
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': 'ready',
      },
    },
    deleting: {
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'deleteOffer',
        src: 'deleteOffer',
        input: ({ context }) => ({ offerId: context.offerId }),
        onDone: 'deleted',
        onError: { target: 'ready', actions: assign({ error: failed('delete') }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveEdit',
        src: 'saveEdit',
        input: ({ context, event }) => {
          if (event.type !== 'edit.save') throw new Error('saving starts with edit.save');
          return { offerId: context.offerId, edit: event.edit };
        },
        onDone: 'saved',
        onError: { target: 'ready', actions: assign({ error: failed('edit') }) },
      },
    },
    deleted: { type: 'final', entry: 'leave' },
    saved: { type: 'final', entry: 'showOffer' },
  },
});
