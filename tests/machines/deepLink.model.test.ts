/**
 * Model-based test of the deep-link machine.
 *
 * Paths come from `transitionPaths` (tests/machines/support/model.ts, where the approach is
 * explained) over the model in tests/machines/support/deepLinkModel.ts: the sign-in event and
 * the ways each registration settles (success or failure, both ignored). The input decides what
 * there is to do, so the model is built per scenario: both hashes (signed out, then signed in
 * already), the referral or the tracking hash alone, a start parameter without hashes (a malformed
 * one, and a market user's link), and none. In the last three there is nothing to do but remember
 * a sign-in.
 *
 * Each path is replayed on a second actor of the same machine: that value, context and tags equal
 * the model's after every step is only a DETERMINISM CHECK (the model is the machine). The
 * hand-written checks are these: at the end the app must have
 * navigated exactly once to the resolved path (never without a start parameter), and each hash
 * must have been posted once at most, with its value, and only when signed in. Per state, the
 * same paths run against the app's provided machine and a fake server in
 * tests/app/deepLink/deepLink.test.tsx, with literal targets and bodies.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { resolveStartParam } from '../../machines/deepLink/resolveStartParam.ts';
import { deepLinkMachine } from '../../machines/deepLink.machine.ts';
import {
  type DeepLinkMachine,
  type DeepLinkScenario,
  deepLinkPaths,
  describeEvent,
  modelMachine,
  replayMachine,
  scenarios,
} from './support/deepLinkModel.ts';
import { coverageOf, flush, initialModelState, isActorSettle, isTimePass, type ModelPath } from './support/model.ts';
import { expectSameSnapshot } from './support/replay.ts';

const SCENARIOS = Object.keys(scenarios).filter((name): name is DeepLinkScenario => name in scenarios);
const paths = new Map(SCENARIOS.map((scenario) => [scenario, deepLinkPaths(scenario)]));
const pathsOf = (scenario: DeepLinkScenario): Array<ModelPath<DeepLinkMachine>> => paths.get(scenario) ?? [];
const all = SCENARIOS.flatMap(pathsOf);

function describeState(path: ModelPath<DeepLinkMachine>): string {
  const snapshot = path.steps.at(-1)?.state.snapshot;
  if (snapshot === undefined) return 'nothing registered';
  if (snapshot.hasTag('registering')) return 'a registration in flight';
  const waiting = Object.values(snapshot.value).includes('waitingForSignIn');
  return waiting ? 'a registration waiting for sign-in' : 'nothing left to register';
}

describe('deep-link machine model', () => {
  it('has 13, 12, 5, 4, 2, 2 and 2 paths in its scenarios (a tripwire, not a check of behaviour)', () => {
    expect(SCENARIOS.map((scenario) => [scenario, pathsOf(scenario).length])).toEqual([
      ['both hashes, signed out', 13],
      ['both hashes, signed in', 12],
      ['referral only, signed out', 5],
      ['tracking only, signed in', 4],
      ['no hashes', 2],
      ['a market user, no hashes', 2],
      ['no start parameter', 2],
    ]);
  });

  it('visits every state node of the machine', () => {
    const coverage = coverageOf(
      deepLinkMachine,
      SCENARIOS.map((scenario) => initialModelState(modelMachine, scenarios[scenario])),
      all,
    );
    expect(coverage.visitedStates).toEqual(coverage.allStates);
  });

  it('takes every transition of the machine', () => {
    const coverage = coverageOf(
      deepLinkMachine,
      SCENARIOS.map((scenario) => initialModelState(modelMachine, scenarios[scenario])),
      all,
    );
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe.each(SCENARIOS)('deep-link paths (%s)', (scenario) => {
  const input = scenarios[scenario];
  const resolution = resolveStartParam(input.startParam);

  it(`navigates ${input.startParam ? `to ${resolution.path}` : 'nowhere'} at once`, () => {
    const { machine, navigations } = replayMachine();
    const actor = createActor(machine, { input }).start();
    expect(navigations).toEqual(input.startParam ? [{ path: resolution.path, expand: resolution.expand }] : []);
    expect(actor.getSnapshot().value).toEqual(initialModelState(modelMachine, input).snapshot.value);
    actor.stop();
  });

  for (const path of pathsOf(scenario)) {
    describe(`${scenario}: when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, () => {
      it(`ends with ${describeState(path)}, the same on every replay (determinism), posting each hash once after sign-in`, async () => {
        const { machine, fakes, navigations } = replayMachine();
        const actor = createActor(machine, { input }).start();
        let signedIn = input.signedIn === true;

        for (const step of path.steps) {
          if (isTimePass(step.event)) throw new Error('The deep-link machine has no timers.');
          if (isActorSettle(step.event)) {
            fakes.settle(step.event);
            await flush();
          } else {
            actor.send(step.event);
            signedIn = true;
          }
          const expected = step.state.snapshot;
          const actual = actor.getSnapshot();
          expectSameSnapshot(actual, expected);
          if (!signedIn) expect(fakes.calls.size).toBe(0);
        }

        expect(navigations).toEqual(input.startParam ? [{ path: resolution.path, expand: resolution.expand }] : []);
        const referrals = fakes.inputs('registerReferral');
        const trackings = fakes.inputs('registerTracking');
        expect(referrals.length).toBeLessThanOrEqual(1);
        expect(trackings.length).toBeLessThanOrEqual(1);
        for (const registered of referrals) expect(registered).toEqual({ inviteHash: resolution.referralHash });
        for (const registered of trackings) expect(registered).toEqual({ trackingHash: resolution.trackingHash });
        if (signedIn && resolution.referralHash !== null) expect(referrals).toHaveLength(1);
        if (signedIn && resolution.trackingHash !== null) expect(trackings).toHaveLength(1);
        actor.stop();
      });
    });
  }
});

describe('deep-link registration', () => {
  it('posts each hash once even when the person signs in again after a failure', async () => {
    const { machine, fakes } = replayMachine();
    const actor = createActor(machine, { input: scenarios['both hashes, signed out'] }).start();
    actor.send({ type: 'session.signedIn' });
    fakes.settle({ type: 'actor.error', id: 'registerReferral', error: { status: 500 } });
    fakes.settle({ type: 'actor.error', id: 'registerTracking', error: { status: null } });
    await flush();
    actor.send({ type: 'session.signedIn' });
    expect(fakes.inputs('registerReferral')).toEqual([{ inviteHash: 'ref42' }]);
    expect(fakes.inputs('registerTracking')).toEqual([{ trackingHash: 'ads7' }]);
    expect(actor.getSnapshot().value).toEqual({ navigation: 'navigated', referral: 'done', tracking: 'done' });
  });

  it('treats an empty start parameter like none', () => {
    const { machine, navigations } = replayMachine();
    createActor(machine, { input: { startParam: '', signedIn: true } }).start();
    expect(navigations).toEqual([]);
  });

  it('navigates home, expanded, for a start parameter it does not know', () => {
    const { machine, navigations } = replayMachine();
    createActor(machine, { input: { startParam: 'whatever-this-is', signedIn: false } }).start();
    expect(navigations).toEqual([{ path: '/', expand: true }]);
  });
});
