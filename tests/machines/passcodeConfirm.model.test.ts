/**
 * The passcode-confirm machine (spec 001 s.4 "Passcode confirm", "Lockout", s.8).
 *
 * The model (tests/machines/support/passcodeConfirmModel.ts) generates paths from the machine:
 * they are a tripwire (their count) and the coverage of every state and transition. What the
 * person sees along them is checked against hand-written expectations in
 * tests/app/security/confirm.view.test.tsx. Here, replaying the paths on the machine itself is
 * only a determinism check; the rules the spec states are named tests below, each with literal
 * expectations against the machine's real transitions.
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
  it('has 36, 74, 40 and 36 paths (a tripwire for unintended change, not a check of behaviour)', () => {
    expect(SCENARIOS.map((scenario) => paths[scenario].length)).toEqual([36, 74, 40, 36]);
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

describe.each(SCENARIOS)(
  'determinism check: passcode-confirm paths replayed on the machine itself (%s)',
  (scenario) => {
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
              ...step.state.actions
                .map((action) => action.type)
                .filter((type) => EFFECTS.some((name) => name === type)),
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
  },
);

describe('passcode-confirm rules (spec 001 s.4, s.8; issue 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function start(scenario: PasscodeConfirmScenario) {
    const { machine, fakes, effects } = replayMachine();
    const actor = createActor(machine, { input: scenarios[scenario] }).start();
    const type = (digits: string) => {
      for (const digit of digits) actor.send({ type: 'digit.enter', digit });
    };
    return { actor, fakes, effects, type };
  }

  it('4 digits submit automatically, with the transaction type and hash', () => {
    const { fakes, type } = start('keypad only');
    type('123');
    expect(fakes.inputs('confirmPasscode')).toEqual([]);
    type('4');
    expect(fakes.inputs('confirmPasscode')).toEqual([{ code: '1234', transactionType: 'p2p', hash: HASH }]);
  });

  it('a pasted passcode keeps only its digits and submits', () => {
    const { fakes, actor } = start('keypad only');
    actor.send({ type: 'code.paste', text: ' 4-3 2 1 9' });
    expect(fakes.inputs('confirmPasscode')).toEqual([{ code: '4321', transactionType: 'p2p', hash: HASH }]);
  });

  it('a 403 clears the input, marks it invalid with error haptics, and keeps the attempts left', async () => {
    const { actor, fakes, effects, type } = start('keypad only');
    type('1234');
    fakes.settle({ type: 'actor.error', id: 'confirmPasscode', error: { status: 403, attemptsLeft: 2 } });
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.code).toBe('');
    expect(snapshot.hasTag('invalid')).toBe(true);
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.context.attemptsLeft).toBe(2);
    expect(effects).toEqual(['errorHaptics']);
  });

  it('the next digit clears the invalid mark', async () => {
    const { actor, fakes, type } = start('keypad only');
    type('1234');
    fakes.settle({ type: 'actor.error', id: 'confirmPasscode', error: { status: 403 } });
    await flush();
    type('5');
    expect(actor.getSnapshot().hasTag('invalid')).toBe(false);
    expect(actor.getSnapshot().context.code).toBe('5');
  });

  it('a 429 locks the keypad for its seconds, then unlocks it', async () => {
    const { actor, fakes, type } = start('keypad only');
    type('1234');
    fakes.settle({ type: 'actor.error', id: 'confirmPasscode', error: { status: 429, seconds: 3600 } });
    await flush();
    expect(actor.getSnapshot().hasTag('locked')).toBe(true);
    expect(actor.getSnapshot().hasTag('keypad')).toBe(false);
    vi.advanceTimersByTime(3_599_000);
    expect(lockoutSecondsLeft(actor.getSnapshot().children)).toBe(1);
    expect(actor.getSnapshot().hasTag('keypad')).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().hasTag('locked')).toBe(false);
    expect(actor.getSnapshot().hasTag('keypad')).toBe(true);
  });

  it('a 429 without seconds says too many attempts, with the support link, and takes no more input', async () => {
    const { actor, fakes, type } = start('keypad only');
    type('1234');
    fakes.settle({ type: 'actor.error', id: 'confirmPasscode', error: { status: 429 } });
    await flush();
    expect(actor.getSnapshot().context.error).toBe('too_many_attempts');
    expect(actor.getSnapshot().hasTag('supportLink')).toBe(true);
    type('1234');
    expect(fakes.inputs('confirmPasscode')).toHaveLength(1);
  });

  it('a lockout carried from the security info starts locked after a reload', () => {
    const { actor } = start('still locked after a reload');
    expect(actor.getSnapshot().hasTag('locked')).toBe(true);
    expect(lockoutSecondsLeft(actor.getSnapshot().children)).toBe(2);
  });

  it('biometric authentication starts by itself exactly 300 ms after opening when enabled', () => {
    const { fakes } = start('biometrics enabled');
    vi.advanceTimersByTime(299);
    expect(fakes.inputs('authenticateBiometric')).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fakes.inputs('authenticateBiometric')).toEqual([{ transactionType: 'p2p', hash: HASH }]);
  });

  it('a digit typed within the 300 ms cancels the biometric auto-start', () => {
    const { fakes, type } = start('biometrics enabled');
    type('1');
    vi.advanceTimersByTime(1000);
    expect(fakes.inputs('authenticateBiometric')).toEqual([]);
  });

  it('never starts biometrics by itself when they are not enabled', () => {
    const { fakes } = start('biometrics to suggest');
    vi.advanceTimersByTime(1000);
    expect(fakes.inputs('authenticateBiometric')).toEqual([]);
  });

  it('a biometric token confirms without the keypad', async () => {
    const { actor, fakes } = start('biometrics enabled');
    vi.advanceTimersByTime(300);
    fakes.settle({ type: 'actor.done', id: 'authenticateBiometric', output: 'token-from-face' });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ token: 'token-from-face', enableBiometric: false });
    expect(fakes.inputs('confirmPasscode')).toEqual([]);
  });

  it('a cancelled biometric prompt returns to the keypad without a message', async () => {
    const { actor, fakes } = start('biometrics enabled');
    vi.advanceTimersByTime(300);
    fakes.settle({ type: 'actor.done', id: 'authenticateBiometric', output: null });
    await flush();
    expect(actor.getSnapshot().hasTag('keypad')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a failed biometric check shows the default biometric error and leaves the keypad', async () => {
    const { actor, fakes } = start('biometrics enabled');
    vi.advanceTimersByTime(300);
    fakes.settle({ type: 'actor.error', id: 'authenticateBiometric', error: { status: 404 } });
    await flush();
    expect(actor.getSnapshot().context.error).toBe('biometric_failed');
    expect(actor.getSnapshot().hasTag('keypad')).toBe(true);
  });

  it('after a passcode, biometrics are offered once the last suggestion is over a month old, and the date is kept', async () => {
    const { actor, fakes, effects, type } = start('biometrics to suggest');
    type('1234');
    fakes.settle({ type: 'actor.done', id: 'confirmPasscode', output: 'token-1' });
    await flush();
    expect(actor.getSnapshot().hasTag('biometricOffer')).toBe(true);
    expect(effects).toEqual(['rememberSuggestion']);
  });

  it('no offer where biometrics are not available', async () => {
    const { actor, fakes, type } = start('keypad only');
    type('1234');
    fakes.settle({ type: 'actor.done', id: 'confirmPasscode', output: 'token-1' });
    await flush();
    expect(actor.getSnapshot().output).toEqual({ token: 'token-1', enableBiometric: false });
  });

  it('accepting the offer turns biometrics on with the passcode just typed, then forgets it', async () => {
    const { actor, fakes, type } = start('biometrics to suggest');
    type('2468');
    fakes.settle({ type: 'actor.done', id: 'confirmPasscode', output: 'token-1' });
    await flush();
    actor.send({ type: 'biometric.accept' });
    expect(fakes.inputs('enrolBiometric')).toEqual([{ code: '2468' }]);
    fakes.settle({ type: 'actor.done', id: 'enrolBiometric', output: undefined });
    await flush();
    expect(actor.getSnapshot().output).toEqual({ token: 'token-1', enableBiometric: true });
    expect(actor.getSnapshot().context.code).toBe('');
  });

  it('a failed enrolment still confirms, with the default "add biometric" error', async () => {
    const { actor, fakes, type } = start('biometrics to suggest');
    type('2468');
    fakes.settle({ type: 'actor.done', id: 'confirmPasscode', output: 'token-1' });
    await flush();
    actor.send({ type: 'biometric.accept' });
    fakes.settle({ type: 'actor.error', id: 'enrolBiometric', error: { status: 500 } });
    await flush();
    expect(actor.getSnapshot().output).toEqual({ token: 'token-1', enableBiometric: false });
    expect(actor.getSnapshot().context.error).toBe('biometric_enrol_failed');
    expect(actor.getSnapshot().context.code).toBe('');
  });

  it('declining the offer confirms and forgets the passcode', async () => {
    const { actor, fakes, type } = start('biometrics to suggest');
    type('2468');
    fakes.settle({ type: 'actor.done', id: 'confirmPasscode', output: 'token-1' });
    await flush();
    actor.send({ type: 'biometric.decline' });
    expect(actor.getSnapshot().output).toEqual({ token: 'token-1', enableBiometric: false });
    expect(actor.getSnapshot().context.code).toBe('');
    expect(fakes.inputs('enrolBiometric')).toEqual([]);
  });

  it('waits quietly when the app provides nothing (inert defaults)', () => {
    const actor = createActor(passcodeConfirmMachine, { input: scenarios['biometrics enabled'] }).start();
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().value).toBe('biometric');
  });
});
