/**
 * The order page's actions (issue 13): every path of the machine is generated per scenario (the
 * counts are a tripwire; the coverage test fails on an untested transition), and every state
 * reached on every path is checked against what the page must then show, written by hand per state
 * below. Named tests state the rules with literal expectations: only offered actions open a
 * confirmation, a cancel is sent only with its reason, the server's answer replaces the actions, a
 * confirmation closes when the order moved on elsewhere, a refusal keeps the action and its code.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import {
  type OrderPageInput,
  orderPageMachine,
  type ReviewInput,
  type TransitionInput,
  type TransitionOutput,
} from '../../machines/p2pOrderPage.machine.ts';
import { coverageOf, DeferredActors, flush, initialModelState } from './support/model.ts';
import { describeEvent, failure, ORDER_ID, orderPagePaths, SCENARIOS } from './support/orderPageModel.ts';

type Snapshot = SnapshotFrom<typeof orderPageMachine>;

/** Generated once: the path counts, the coverage and the per-state checks read the same paths. */
const pathsByScenario = SCENARIOS.map((scenario) => ({ ...scenario, paths: orderPagePaths(scenario.input) }));

/** What the page shows in each state, by hand: the dialog, whether it waits, and what it may send. */
function expectShown(snapshot: Snapshot) {
  const { pending, error, cancelReason } = snapshot.context;
  switch (snapshot.value) {
    case 'ready':
      expect(snapshot.hasTag('confirming')).toBe(false);
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(pending).toBeNull();
      expect(cancelReason).toBeNull();
      break;
    case 'confirming':
      expect(snapshot.hasTag('confirming')).toBe(true);
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(pending).not.toBeNull();
      expect(error).toBeNull();
      break;
    case 'sending':
      expect(snapshot.hasTag('confirming')).toBe(true);
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.children.transition).toBeDefined();
      break;
    case 'reviewing':
      expect(snapshot.hasTag('confirming')).toBe(false);
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.review.type).toBe('positive');
      break;
    default:
      throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
  }
}

function run(input: OrderPageInput) {
  const fakes = new DeferredActors();
  const machine = orderPageMachine.provide({
    actors: {
      transition: fakes.actor<TransitionOutput, TransitionInput>('transition', (output) => output as TransitionOutput),
      submitReview: fakes.actor<TransitionOutput, ReviewInput>('submitReview', (output) => output as TransitionOutput),
    },
  });
  const actor = createActor(machine, { input }).start();
  const answer = async (id: string, output: TransitionOutput) => {
    fakes.settle({ type: 'actor.done', id, output });
    await flush();
  };
  const refuse = async (id: string, error: unknown) => {
    fakes.settle({ type: 'actor.error', id, error });
    await flush();
  };
  return { actor, fakes, answer, refuse };
}

const maker: OrderPageInput = { orderId: ORDER_ID, actions: ['accept', 'decline'], maxCommentLength: 500 };
const buyer: OrderPageInput = { orderId: ORDER_ID, actions: ['cancel', 'mark_paid'], maxCommentLength: 500 };

describe('order page machine model', () => {
  it('has a fixed number of paths per scenario (a tripwire for unintended change)', () => {
    const counts = pathsByScenario.map(({ name, paths }) => [name, paths.length]);
    expect(counts).toEqual([
      ['the maker, processed', 226],
      ['the taker, processed', 115],
      ['the buyer, accepted', 89],
      ['the buyer, pending', 157],
      ['either side, completed', 518],
    ]);
  });

  it('visits every state node and takes every transition', () => {
    const starts = SCENARIOS.map(({ input }) => initialModelState(orderPageMachine, input));
    const paths = pathsByScenario.flatMap((scenario) => scenario.paths);
    const coverage = coverageOf(orderPageMachine, starts, paths);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });

  for (const { name, paths } of pathsByScenario) {
    it(`shows what each state must show on every path (${name})`, () => {
      for (const path of paths) {
        for (const step of path.steps) {
          try {
            expectShown(step.state.snapshot);
          } catch (thrown) {
            throw new Error(`${path.steps.map((s) => describeEvent(s.event)).join(', ')}: ${String(thrown)}`);
          }
        }
      }
    });
  }
});

describe('confirming an action', () => {
  it('an action the order does not offer opens nothing', () => {
    const { actor } = run(maker);
    actor.send({ type: 'action.start', action: 'mark_paid' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('accepting asks first, then sends accept for order 7 and takes the actions the answer offers', async () => {
    const { actor, fakes, answer } = run(maker);
    actor.send({ type: 'action.start', action: 'accept' });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    expect(fakes.inputs('transition')).toEqual([]);
    actor.send({ type: 'action.confirm' });
    expect(fakes.inputs('transition')).toEqual([{ orderId: 7, action: 'accept', reason: null }]);
    await answer('transition', { actions: ['cancel'] });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.actions).toEqual(['cancel']);
  });

  it('dismissing sends nothing', () => {
    const { actor, fakes } = run(buyer);
    actor.send({ type: 'action.start', action: 'mark_paid' });
    actor.send({ type: 'action.dismiss' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(fakes.inputs('transition')).toEqual([]);
  });

  it('a cancel is sent only once a reason is chosen, with that reason', () => {
    const { actor, fakes } = run(buyer);
    actor.send({ type: 'action.start', action: 'cancel' });
    actor.send({ type: 'action.confirm' });
    expect(fakes.inputs('transition')).toEqual([]);
    actor.send({ type: 'cancel.reason', reason: 'payment_details_wrong' });
    actor.send({ type: 'action.confirm' });
    expect(fakes.inputs('transition')).toEqual([{ orderId: 7, action: 'cancel', reason: 'payment_details_wrong' }]);
  });

  it('a second press while the call is under way sends nothing more', () => {
    const { actor, fakes } = run(buyer);
    actor.send({ type: 'action.start', action: 'mark_paid' });
    actor.send({ type: 'action.confirm' });
    actor.send({ type: 'action.confirm' });
    actor.send({ type: 'action.start', action: 'cancel' });
    expect(fakes.inputs('transition')).toHaveLength(1);
  });

  it('a refusal keeps which action failed and the server’s code, and clears on dismiss', async () => {
    const { actor, refuse } = run(buyer);
    actor.send({ type: 'action.start', action: 'cancel' });
    actor.send({ type: 'cancel.reason', reason: 'changed_mind' });
    actor.send({ type: 'action.confirm' });
    await refuse('transition', failure(409, 'cancel_limit'));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toEqual({ action: 'cancel', status: 409, code: 'cancel_limit' });
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('closes an open confirmation when the order moved on and no longer offers that action', () => {
    const { actor } = run(buyer);
    actor.send({ type: 'action.start', action: 'mark_paid' });
    actor.send({ type: 'order.sync', actions: ['mark_paid', 'cancel'] });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'order.sync', actions: [] });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.pending).toBeNull();
  });
});

describe('the review', () => {
  const completed: OrderPageInput = { orderId: ORDER_ID, actions: ['review'], maxCommentLength: 500 };

  it('is sent only once a type is chosen, with the comment trimmed', () => {
    const { actor, fakes } = run(completed);
    actor.send({ type: 'review.comment', comment: '  Fast and polite  ' });
    actor.send({ type: 'review.submit' });
    expect(fakes.inputs('submitReview')).toEqual([]);
    actor.send({ type: 'review.type', reviewType: 'negative' });
    actor.send({ type: 'review.submit' });
    expect(fakes.inputs('submitReview')).toEqual([{ orderId: 7, type: 'negative', comment: 'Fast and polite' }]);
  });

  it('an empty comment is sent as null', () => {
    const { actor, fakes } = run(completed);
    actor.send({ type: 'review.type', reviewType: 'positive' });
    actor.send({ type: 'review.comment', comment: '   ' });
    actor.send({ type: 'review.submit' });
    expect(fakes.inputs('submitReview')).toEqual([{ orderId: 7, type: 'positive', comment: null }]);
  });

  it('a comment over 500 characters is not sent', () => {
    const { actor, fakes } = run(completed);
    actor.send({ type: 'review.type', reviewType: 'positive' });
    actor.send({ type: 'review.comment', comment: 'a'.repeat(501) });
    actor.send({ type: 'review.submit' });
    expect(fakes.inputs('submitReview')).toEqual([]);
    actor.send({ type: 'review.comment', comment: 'a'.repeat(500) });
    actor.send({ type: 'review.submit' });
    expect(fakes.inputs('submitReview')).toHaveLength(1);
  });

  it('is not offered before completion', () => {
    const { actor, fakes } = run(buyer);
    actor.send({ type: 'review.type', reviewType: 'positive' });
    actor.send({ type: 'review.submit' });
    expect(fakes.inputs('submitReview')).toEqual([]);
  });

  it('once sent, the form is empty and review is no longer offered', async () => {
    const { actor, answer } = run(completed);
    actor.send({ type: 'review.type', reviewType: 'positive' });
    actor.send({ type: 'review.submit' });
    await answer('submitReview', { actions: [] });
    expect(actor.getSnapshot().context.review).toEqual({ type: null, comment: '' });
    expect(actor.getSnapshot().context.actions).toEqual([]);
  });

  it('a refused review keeps the draft and the code', async () => {
    const { actor, refuse } = run(completed);
    actor.send({ type: 'review.type', reviewType: 'positive' });
    actor.send({ type: 'review.comment', comment: 'ok' });
    actor.send({ type: 'review.submit' });
    await refuse('submitReview', failure(409, 'already_reviewed'));
    expect(actor.getSnapshot().context.review).toEqual({ type: 'positive', comment: 'ok' });
    expect(actor.getSnapshot().context.error).toEqual({ action: 'review', status: 409, code: 'already_reviewed' });
  });
});
