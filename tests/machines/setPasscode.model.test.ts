/**
 * Model-based test of the set-passcode machine (spec 001 s.4 "Set-passcode flow stages", s.8).
 *
 * Paths come from `transitionPaths` (tests/machines/support/model.ts) over the model in
 * tests/machines/support/setPasscodeModel.ts: the person's events (suggestion, digits, pastes,
 * e-mail, back, resend, biometric choices), the resend countdown, the 5 s settings poll and the
 * lockout countdown as `time.pass`, and the ways each call settles. Three scenarios: the e-mail
 * already confirmed on the web (no biometrics, no suggestion), a new e-mail in the messenger
 * with biometrics (optional suggestion), and a strict suggestion. The resend wait is shortened
 * to 1 s through the input so the model can count it down. A model state is the state value,
 * the digits typed (how many, and whether they match the first entry so far), the first entry's
 * length, the error code, the resend seconds, the e-mail flag, the code id and the lockout's
 * seconds.
 *
 * Replaying each path on a second actor of the same machine and comparing snapshots is only a
 * DETERMINISM CHECK (same events, same states, same effects; nothing happens 1 ms early): the
 * model is the machine, so it cannot say whether the behaviour is right. The behaviour is checked
 * against hand-written expectations per state in tests/app/security/setPasscode.view.test.tsx
 * (the rendered flow with a fake server, along these paths) and by the named rules below.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { setPasscodeMachine } from '../../machines/setPasscode.machine.ts';
import { coverageOf, flush, initialModelState, type ModelPath } from './support/model.ts';
import { lockoutSecondsLeft } from './support/passcodeModel.ts';
import { expectSameSnapshot, playStep } from './support/replay.ts';
import {
  BIOMETRIC_TOKEN,
  CODE_ID,
  CONFIRMATION_TOKEN,
  describeEvent,
  EFFECTS,
  EMAIL,
  modelMachine,
  replayMachine,
  type SetPasscodeMachine,
  type SetPasscodeScenario,
  scenarios,
  setPasscodePaths,
} from './support/setPasscodeModel.ts';

const SCENARIOS: readonly SetPasscodeScenario[] = [
  'e-mail confirmed, on the web',
  'new e-mail, in the messenger',
  'strict suggestion',
];
const paths = Object.fromEntries(SCENARIOS.map((scenario) => [scenario, setPasscodePaths(scenario)])) as Record<
  SetPasscodeScenario,
  Array<ModelPath<SetPasscodeMachine>>
>;
const all = SCENARIOS.flatMap((scenario) => paths[scenario]);
const starts = SCENARIOS.map((scenario) => initialModelState(modelMachine, scenarios[scenario]));

function describeState(path: ModelPath<SetPasscodeMachine>): string {
  const snapshot = path.steps.at(-1)?.state.snapshot;
  if (snapshot === undefined) return 'the start';
  const { code, error } = snapshot.context;
  const where = JSON.stringify(snapshot.value);
  return `${where} with ${code.length} digit(s)${error === null ? '' : `, error ${error}`}${snapshot.hasTag('invalid') ? ', marked invalid' : ''}`;
}

describe('set-passcode machine model', () => {
  it('has 61, 791 and 62 paths (a tripwire for unintended change, not a check of behaviour)', () => {
    expect(SCENARIOS.map((scenario) => paths[scenario].length)).toEqual([61, 791, 62]);
  });

  it('visits every state node and takes every transition of the machine', () => {
    const coverage = coverageOf(setPasscodeMachine, starts, all);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });

  it('never shows the keypad while locked, nor allows resend while locked or counting', () => {
    for (const path of all) {
      for (const { state } of path.steps) {
        const { snapshot } = state;
        if (snapshot.hasTag('locked')) {
          expect(snapshot.hasTag('keypad')).toBe(false);
          expect(snapshot.can({ type: 'code.resend' })).toBe(false);
        }
        if (snapshot.context.resendIn > 0) expect(snapshot.hasTag('canResend')).toBe(false);
      }
    }
  });
});

describe.each(SCENARIOS)('determinism check: set-passcode paths replayed on the machine itself (%s)', (scenario) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const path of paths[scenario]) {
    describe(`${scenario}: when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, () => {
      it(`ends at ${describeState(path)} on every replay`, async () => {
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

        for (const input of fakes.inputs('verifyEmail')) expect(input).toEqual({ email: EMAIL });
        for (const input of fakes.inputs('confirmEmail')) {
          expect(input).toEqual({ code: expect.stringMatching(/^\d{6}$/), id: CODE_ID });
        }
        for (const input of fakes.inputs('setPasscode')) expect(input).toEqual({ code: '1111' });
        for (const input of fakes.inputs('confirmPasscode')) {
          expect(input).toEqual({ code: '1111', transactionType: 'addBiometric' });
        }
        for (const input of fakes.inputs('addBiometric')) {
          expect(input).toEqual({ passCodeConfirmationToken: CONFIRMATION_TOKEN });
        }
        for (const input of fakes.inputs('storeBiometricToken')) expect(input).toEqual({ token: BIOMETRIC_TOKEN });
        actor.stop();
      });
    });
  }
});

describe('set-passcode timing and defaults', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function toEmailCode() {
    const { machine, fakes } = replayMachine();
    const actor = createActor(machine, {
      input: { ...scenarios['new e-mail, in the messenger'], resendSeconds: undefined },
    }).start();
    actor.send({ type: 'passcode.accept' });
    actor.send({ type: 'code.paste', text: '4321' });
    actor.send({ type: 'code.paste', text: '4321' });
    actor.send({ type: 'email.submit', email: EMAIL });
    fakes.settle({ type: 'actor.done', id: 'verifyEmail', output: CODE_ID });
    await flush();
    return { actor, fakes };
  }

  it('allows resending exactly 60 s after the code was sent', async () => {
    const { actor } = await toEmailCode();
    expect(actor.getSnapshot().context.resendIn).toBe(60);
    vi.advanceTimersByTime(59_999);
    expect(actor.getSnapshot().hasTag('canResend')).toBe(false);
    expect(actor.getSnapshot().context.resendIn).toBe(1);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().hasTag('canResend')).toBe(true);
  });

  it('submits the e-mail code on the sixth digit and polls the settings every 5 s', async () => {
    const { actor, fakes } = await toEmailCode();
    for (const digit of '98765') actor.send({ type: 'digit.enter', digit });
    expect(fakes.inputs('confirmEmail')).toHaveLength(0);
    actor.send({ type: 'digit.enter', digit: '4' });
    expect(fakes.inputs('confirmEmail')).toEqual([{ code: '987654', id: CODE_ID }]);
    fakes.settle({ type: 'actor.done', id: 'confirmEmail', output: true });
    await flush();
    expect(fakes.inputs('setPasscode')).toEqual([{ code: '4321' }]);
    fakes.settle({ type: 'actor.done', id: 'setPasscode', output: true });
    await flush();
    vi.advanceTimersByTime(4999);
    expect(fakes.inputs('fetchSettings')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(fakes.inputs('fetchSettings')).toHaveLength(1);
    fakes.settle({ type: 'actor.done', id: 'fetchSettings', output: { passCode: false } });
    await flush();
    vi.advanceTimersByTime(5000);
    expect(fakes.inputs('fetchSettings')).toHaveLength(2);
  });

  it('waits quietly when the app provides nothing (inert defaults)', () => {
    const actor = createActor(setPasscodeMachine, { input: scenarios['e-mail confirmed, on the web'] }).start();
    actor.send({ type: 'code.paste', text: '1111' });
    actor.send({ type: 'code.paste', text: '1111' });
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().value).toBe('setting');
  });
});
