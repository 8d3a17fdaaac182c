/**
 * Model-based test of the change-passcode ("forgot passcode") machine (spec 001 s.4, s.8).
 *
 * Paths come from `transitionPaths` (tests/machines/support/model.ts) over the model in
 * tests/machines/support/changePasscodeModel.ts: digits, erase, pastes, resend and back, the
 * resend countdown (shortened to 1 s through the input) and the lockout countdown as
 * `time.pass`, and the ways each call settles. A model state is the state value, the digits
 * typed (how many, whether they match the first entry so far), the first entry's length, the
 * error, the resend seconds, the code id, the mail token and the lockout's seconds.
 *
 * Replaying each path on a second actor of the same machine and comparing snapshots is only a
 * DETERMINISM CHECK (same events, same states and effects; nothing 1 ms early): the model is the
 * machine. The behaviour is checked against hand-written expectations per state in
 * tests/app/security/recovery.view.test.tsx (the rendered flow with a fake server along these
 * paths) and by the literal rules below.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { changePasscodeMachine } from '../../machines/changePasscode.machine.ts';
import {
  CODE_ID,
  changePasscodePaths,
  describeEvent,
  EFFECTS,
  INPUT,
  MAIL_TOKEN,
  modelMachine,
  replayMachine,
} from './support/changePasscodeModel.ts';
import { coverageOf, flush, initialModelState } from './support/model.ts';
import { lockoutSecondsLeft } from './support/passcodeModel.ts';
import { expectSameSnapshot, playStep } from './support/replay.ts';

const paths = changePasscodePaths();

describe('change-passcode machine model', () => {
  it('has 525 paths (a tripwire for unintended change, not a check of behaviour)', () => {
    expect(paths.length).toBe(525);
  });

  it('visits every state node and takes every transition of the machine', () => {
    const coverage = coverageOf(changePasscodeMachine, [initialModelState(modelMachine, INPUT)], paths);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });

  it('never shows the keypad while locked, nor allows resend while locked or counting', () => {
    for (const path of paths) {
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

describe('determinism check: change-passcode paths replayed on the machine itself', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const path of paths) {
    describe(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, () => {
      const last = path.steps.at(-1)?.state.snapshot;
      it(`ends at ${JSON.stringify(last?.value)}${last?.context.error ? ` with ${last.context.error}` : ''} on every replay`, async () => {
        const { machine, fakes, effects } = replayMachine();
        const actor = createActor(machine, { input: INPUT }).start();
        const initial = initialModelState(modelMachine, INPUT);
        expect(actor.getSnapshot().value).toEqual(initial.snapshot.value);
        let previous = initial.snapshot;
        let expectedEffects = initial.actions.map((action) => action.type);

        for (const step of path.steps) {
          await playStep(actor, step.event, previous.value, fakes);
          const expected = step.state.snapshot;
          const actual = actor.getSnapshot();
          expectSameSnapshot(actual, expected);
          expect(lockoutSecondsLeft(actual.children)).toEqual(lockoutSecondsLeft(expected.children));
          expectedEffects = [
            ...expectedEffects,
            ...step.state.actions.map((action) => action.type).filter((type) => EFFECTS.some((name) => name === type)),
          ];
          expect(effects).toEqual(expectedEffects);
          previous = expected;
        }

        for (const input of fakes.inputs('sendEmailCode')) expect(input).toEqual({ transactionType: 'changePassCode' });
        for (const input of fakes.inputs('verifyEmailCode')) {
          expect(input).toEqual({ code: expect.stringMatching(/^\d{6}$/), id: CODE_ID });
        }
        for (const input of fakes.inputs('restorePasscode')) {
          expect(input).toEqual({ code: '1111', mailConfirmationToken: MAIL_TOKEN });
        }
        actor.stop();
      });
    });
  }
});

describe('change-passcode timing and defaults', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('restores with the mail token after a 60 s resend wait, and clears the lockout', async () => {
    const { machine, fakes, effects } = replayMachine();
    const actor = createActor(machine, { input: {} }).start();
    fakes.settle({ type: 'actor.done', id: 'sendEmailCode', output: CODE_ID });
    await flush();
    vi.advanceTimersByTime(59_999);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
    actor.send({ type: 'code.paste', text: '55-44-33' });
    fakes.settle({ type: 'actor.done', id: 'verifyEmailCode', output: MAIL_TOKEN });
    await flush();
    actor.send({ type: 'code.paste', text: '2468' });
    actor.send({ type: 'code.paste', text: '2468' });
    expect(fakes.inputs('restorePasscode')).toEqual([{ code: '2468', mailConfirmationToken: MAIL_TOKEN }]);
    fakes.settle({ type: 'actor.done', id: 'restorePasscode', output: true });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(effects).toEqual(['clearLockout']);
    // The new passcode is pending until the bot confirms it: the last screen says so.
    expect(actor.getSnapshot().hasTag('waitingForBot')).toBe(true);
  });

  it('waits quietly when the app provides nothing (inert defaults)', () => {
    const actor = createActor(changePasscodeMachine, { input: {} }).start();
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().value).toBe('requesting');
  });
});
