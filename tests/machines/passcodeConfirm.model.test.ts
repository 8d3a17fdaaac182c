/**
 * Model-based test of the passcode-confirm machine (spec 001 s.4 "Passcode confirm", s.8).
 *
 * Paths come from `transitionPaths` (tests/machines/support/model.ts) over the model in
 * tests/machines/support/passcodeConfirmModel.ts: digits, erase, pastes, the biometric events,
 * the 300 ms auto-start and the lockout countdown as `time.pass`, and the ways each call settles
 * (a token, 403, 404, a 429 with and without seconds, 500, no response; a cancelled biometric
 * prompt). One model per scenario: no biometrics, biometrics enabled, biometrics to suggest. A
 * model state is the state value, the number of digits, the error code and the lockout's seconds.
 *
 * Each path is replayed on the real machine with deferred fakes and vitest's fake timers: after
 * every step value, context, tags and the lockout child's seconds must equal the model's, the
 * effects (`errorHaptics`, `rememberSuggestion`) must have run as in the model, a `time.pass` step
 * must change nothing 1 ms early, and every call must carry the code, transaction type and hash.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { passcodeConfirmMachine } from '../../machines/passcodeConfirm.machine.ts';
import { coverageOf, flush, initialModelState, type ModelPath } from './support/model.ts';
import {
  describeEvent,
  EFFECTS,
  HASH,
  modelMachine,
  type PasscodeConfirmMachine,
  type PasscodeConfirmScenario,
  passcodeConfirmPaths,
  replayMachine,
  scenarios,
} from './support/passcodeConfirmModel.ts';
import { lockoutSecondsLeft } from './support/passcodeModel.ts';
import { expectSameSnapshot, playStep } from './support/replay.ts';

const SCENARIOS: readonly PasscodeConfirmScenario[] = [
  'keypad only',
  'biometrics enabled',
  'biometrics to suggest',
  'still locked after a reload',
];
const paths = Object.fromEntries(SCENARIOS.map((scenario) => [scenario, passcodeConfirmPaths(scenario)])) as Record<
  PasscodeConfirmScenario,
  Array<ModelPath<PasscodeConfirmMachine>>
>;
const all = SCENARIOS.flatMap((scenario) => paths[scenario]);
const starts = SCENARIOS.map((scenario) => initialModelState(modelMachine, scenarios[scenario]));

function describeState(path: ModelPath<PasscodeConfirmMachine>): string {
  const snapshot = path.steps.at(-1)?.state.snapshot;
  if (snapshot === undefined) return 'the start';
  const { code, error } = snapshot.context;
  if (snapshot.hasTag('done')) return `the token${snapshot.context.enableBiometric ? ' and biometrics wanted' : ''}`;
  if (snapshot.hasTag('biometricOffer')) return 'the biometric offer';
  if (snapshot.hasTag('supportLink')) return 'too many attempts and a support link';
  if (snapshot.hasTag('locked')) return `the keypad locked, ${lockoutSecondsLeft(snapshot.children) ?? 0} s left`;
  const busy = snapshot.hasTag('busy') ? ', a call in flight' : '';
  return `the keypad with ${code.length} digit(s)${error === null ? '' : `, error ${error}`}${snapshot.hasTag('invalid') ? ', marked invalid' : ''}${busy}`;
}

describe('passcode-confirm machine model', () => {
  it('has 36, 74, 38 and 36 paths', () => {
    expect(SCENARIOS.map((scenario) => paths[scenario].length)).toEqual([36, 74, 38, 36]);
  });

  it('visits every state node and takes every transition of the machine', () => {
    const coverage = coverageOf(passcodeConfirmMachine, starts, all);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });

  it('shows the keypad exactly when input is possible, never while locked', () => {
    for (const path of all) {
      for (const { state } of path.steps) {
        const { snapshot } = state;
        if (snapshot.hasTag('locked')) expect(snapshot.hasTag('keypad')).toBe(false);
        expect(snapshot.context.code.length).toBeLessThanOrEqual(4);
      }
    }
  });
});

describe.each(SCENARIOS)('passcode-confirm paths (%s)', (scenario) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const path of paths[scenario]) {
    describe(`${scenario}: when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, () => {
      it(`ends with ${describeState(path)}, as the model predicts after every step`, async () => {
        const { machine, fakes, effects } = replayMachine();
        const actor = createActor(machine, { input: scenarios[scenario] }).start();
        const initial = initialModelState(modelMachine, scenarios[scenario]);
        expect(actor.getSnapshot().value).toEqual(initial.snapshot.value);
        let previous = initial.snapshot;
        let expectedEffects = initial.actions.map((action) => action.type);

        for (const step of path.steps) {
          await playStep(actor, step.event, previous.value, fakes);
          const expected = step.state.snapshot;
          const actual = actor.getSnapshot();
          expectSameSnapshot(actual, expected);
          expect(lockoutSecondsLeft(actual.children)).toEqual(lockoutSecondsLeft(expected.children));
          expect(actual.output).toEqual(expected.output);
          expectedEffects = [
            ...expectedEffects,
            ...step.state.actions.map((action) => action.type).filter((type) => EFFECTS.some((name) => name === type)),
          ];
          expect(effects).toEqual(expectedEffects);
          previous = expected;
        }

        for (const input of fakes.inputs('confirmPasscode')) {
          expect(input).toEqual({ code: expect.stringMatching(/^\d{4}$/), transactionType: 'p2p', hash: HASH });
        }
        for (const input of fakes.inputs('authenticateBiometric')) {
          expect(input).toEqual({ transactionType: 'p2p', hash: HASH });
        }
        actor.stop();
      });
    });
  }
});

describe('passcode-confirm timing and defaults', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts biometric authentication exactly 300 ms after opening when enabled', () => {
    const { machine, fakes } = replayMachine();
    createActor(machine, { input: scenarios['biometrics enabled'] }).start();
    vi.advanceTimersByTime(299);
    expect(fakes.inputs('authenticateBiometric')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(fakes.inputs('authenticateBiometric')).toHaveLength(1);
  });

  it('submits the pasted digits only, and a 1-hour lock counts down to the second', async () => {
    const { machine, fakes } = replayMachine();
    const actor = createActor(machine, { input: scenarios['keypad only'] }).start();
    actor.send({ type: 'code.paste', text: ' 4-3 2 1 9' });
    expect(fakes.inputs('confirmPasscode')).toEqual([{ code: '4321', transactionType: 'p2p', hash: HASH }]);
    fakes.settle({ type: 'actor.error', id: 'confirmPasscode', error: { status: 429, seconds: 3600 } });
    await flush();
    expect(actor.getSnapshot().hasTag('locked')).toBe(true);
    vi.advanceTimersByTime(3_599_000);
    expect(lockoutSecondsLeft(actor.getSnapshot().children)).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().value).toEqual({ entry: 'idle' });
  });

  it('waits quietly when the app provides nothing (inert defaults)', () => {
    const actor = createActor(passcodeConfirmMachine, { input: scenarios['biometrics enabled'] }).start();
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().value).toBe('biometric');
  });
});
