/**
 * The offer's management (issue 12): every path of the machine is generated (the counts are a
 * tripwire; the coverage test fails on an untested transition) and played on the offer's pages
 * against hand-written expectations per state in
 * tests/app/p2pOffer/offerManagement.paths.view.test.tsx. Here the rules get named tests on the
 * machine's real transitions, with literal expectations: the status sent is the opposite of the
 * current one, delete only while offline and only after the confirmation, methods and volume only
 * while offline, a failure keeps which call failed and its code.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  type OfferEdit,
  type OfferManagementInput,
  offerManagementMachine,
} from '../../machines/offerManagement.machine.ts';
import { coverageOf, DeferredActors, flush, initialModelState } from './support/model.ts';
import { failure, OFFER_ID, offerManagementPaths, PRICE_EDIT, SCENARIOS } from './support/offerManagementModel.ts';

function run(input: OfferManagementInput = { offerId: OFFER_ID, active: false }) {
  const fakes = new DeferredActors();
  const done: string[] = [];
  const machine = offerManagementMachine.provide({
    actors: {
      setActive: fakes.actor<void, { offerId: number; active: boolean }>('setActive', () => {}),
      deleteOffer: fakes.actor<void, { offerId: number }>('deleteOffer', () => {}),
      saveEdit: fakes.actor<void, { offerId: number; edit: OfferEdit }>('saveEdit', () => {}),
    },
    actions: {
      leave: () => void done.push('leave'),
      showOffer: () => void done.push('showOffer'),
    },
  });
  const actor = createActor(machine, { input }).start();
  const answer = async (id: string) => {
    fakes.settle({ type: 'actor.done', id, output: undefined });
    await flush();
  };
  const refuse = async (id: string, error: unknown) => {
    fakes.settle({ type: 'actor.error', id, error });
    await flush();
  };
  return { actor, fakes, done, answer, refuse };
}

describe('offer management machine model', () => {
  it('has a fixed number of paths per scenario (a tripwire for unintended change)', () => {
    const counts = SCENARIOS.map(({ name, input, set }) => [name, offerManagementPaths(input, set).length]);
    expect(counts).toEqual([
      ['management, offline', 24],
      ['management, online', 24],
      ['price page, offline', 4],
      ['price page, online', 4],
    ]);
  });

  it('visits every state node and takes every transition', () => {
    const inputs = [
      { offerId: OFFER_ID, active: false },
      { offerId: OFFER_ID, active: true },
    ];
    const starts = inputs.map((input) => initialModelState(offerManagementMachine, input));
    const paths = inputs.flatMap((input) => offerManagementPaths(input, 'all'));
    const coverage = coverageOf(offerManagementMachine, starts, paths);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe('turning the offer online and offline', () => {
  it('sends the opposite of the current status, and the next press the opposite again', async () => {
    const { actor, fakes, answer } = run({ offerId: OFFER_ID, active: false });
    actor.send({ type: 'status.toggle' });
    expect(fakes.inputs('setActive')).toEqual([{ offerId: 42, active: true }]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await answer('setActive');
    expect(actor.getSnapshot().context.active).toBe(true);
    actor.send({ type: 'status.toggle' });
    expect(fakes.inputs('setActive')).toEqual([
      { offerId: 42, active: true },
      { offerId: 42, active: false },
    ]);
  });

  it('keeps the status and the server’s code when refused', async () => {
    const { actor, refuse } = run({ offerId: OFFER_ID, active: false });
    actor.send({ type: 'status.toggle' });
    await refuse('setActive', failure(409, 'insufficient_funds'));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toEqual({
      offerId: 42,
      active: false,
      error: { call: 'status', status: 409, code: 'insufficient_funds' },
    });
  });

  it('a press while a call is under way sends nothing more', () => {
    const { actor, fakes } = run();
    actor.send({ type: 'status.toggle' });
    actor.send({ type: 'status.toggle' });
    actor.send({ type: 'delete.ask' });
    expect(fakes.inputs('setActive')).toHaveLength(1);
    expect(actor.getSnapshot().matches('switching')).toBe(true);
  });

  it('follows the status the server shows, so the next press sends the right one', () => {
    const { actor, fakes } = run({ offerId: OFFER_ID, active: false });
    actor.send({ type: 'offer.sync', active: true });
    actor.send({ type: 'status.toggle' });
    expect(fakes.inputs('setActive')).toEqual([{ offerId: 42, active: false }]);
  });
});

describe('deleting', () => {
  it('an online offer offers no delete', () => {
    const { actor } = run({ offerId: OFFER_ID, active: true });
    actor.send({ type: 'delete.ask' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
  });

  it('asks first; cancelling deletes nothing; confirming deletes it and leaves the screen', async () => {
    const { actor, fakes, done, answer } = run();
    actor.send({ type: 'delete.ask' });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    actor.send({ type: 'delete.cancel' });
    expect(fakes.inputs('deleteOffer')).toEqual([]);
    actor.send({ type: 'delete.ask' });
    actor.send({ type: 'delete.confirm' });
    expect(fakes.inputs('deleteOffer')).toEqual([{ offerId: 42 }]);
    expect(done).toEqual([]);
    await answer('deleteOffer');
    expect(done).toEqual(['leave']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a refused delete closes the modal and keeps the code for errors.delete', async () => {
    const { actor, done, refuse } = run();
    actor.send({ type: 'delete.ask' });
    actor.send({ type: 'delete.confirm' });
    await refuse('deleteOffer', failure(409, 'has_open_orders'));
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
    expect(actor.getSnapshot().context.error).toEqual({ call: 'delete', status: 409, code: 'has_open_orders' });
    expect(done).toEqual([]);
  });
});

describe('edits', () => {
  it('a saved edit is sent as given and returns to the offer', async () => {
    const { actor, fakes, done, answer } = run({ offerId: OFFER_ID, active: true });
    actor.send({ type: 'edit.save', edit: PRICE_EDIT });
    expect(fakes.inputs('saveEdit')).toEqual([
      {
        offerId: 42,
        edit: { property: 'price', body: { price_type: 'fixed', price: '97.5', price_floating_ratio: null } },
      },
    ]);
    await answer('saveEdit');
    expect(done).toEqual(['showOffer']);
  });

  it('volume and methods are not sent while the offer is online, and are while offline', () => {
    const online = run({ offerId: OFFER_ID, active: true });
    online.actor.send({ type: 'edit.save', edit: { property: 'volume', body: { volume: '1000000' } } });
    online.actor.send({
      type: 'edit.save',
      edit: { property: 'methods', body: { payment_method_ids: [3], catalogue_methods: [] } },
    });
    expect(online.fakes.inputs('saveEdit')).toEqual([]);
    const offline = run({ offerId: OFFER_ID, active: false });
    offline.actor.send({ type: 'edit.save', edit: { property: 'volume', body: { volume: '1000000' } } });
    expect(offline.fakes.inputs('saveEdit')).toEqual([
      { offerId: 42, edit: { property: 'volume', body: { volume: '1000000' } } },
    ]);
  });

  it('a refused edit stays on the page with the code', async () => {
    const { actor, done, refuse } = run();
    actor.send({ type: 'edit.save', edit: PRICE_EDIT });
    await refuse('saveEdit', failure(422, 'invalid_offer'));
    expect(actor.getSnapshot().context.error).toEqual({ call: 'edit', status: 422, code: 'invalid_offer' });
    expect(done).toEqual([]);
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
