/**
 * Model-based test of the e-mail change machine (spec 001 s.4 e-mail stages, s.5, s.7, s.8).
 *
 * Paths come from `transitionPaths` (tests/machines/support/model.ts) over the model in
 * tests/machines/support/emailChangeModel.ts: a valid, a malformed and an empty e-mail, digits,
 * erase, a paste, resend and back, the resend countdown (shortened to 1 s through the input) as
 * `time.pass`, and the ways each call settles (a code id; 409, no response; confirmed; 403, 404,
 * 409, 500). A model state is the state value, the e-mail, the digits typed, the code id, the
 * resend seconds and the error.
 *
 * Each path is replayed on the real machine with deferred fakes and fake timers: after every step
 * value, context and tags must equal the model's, the effects (`errorHaptics`, `emailConfirmed`)
 * must have run as in the model, a `time.pass` step must change nothing 1 ms early, and every
 * call must carry the normalised e-mail, or the 6 digits and the code id.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { emailChangeMachine } from '../../machines/emailChange.machine.ts';
import {
  CODE_ID,
  describeEvent,
  EFFECTS,
  EMAIL,
  emailChangePaths,
  INPUT,
  modelMachine,
  replayMachine,
} from './support/emailChangeModel.ts';
import { coverageOf, flush, initialModelState } from './support/model.ts';
import { expectSameSnapshot, playStep } from './support/replay.ts';

const paths = emailChangePaths();

describe('e-mail change machine model', () => {
  it('has 403 paths', () => {
    expect(paths.length).toBe(403);
  });

  it('visits every state node and takes every transition of the machine', () => {
    const coverage = coverageOf(emailChangeMachine, [initialModelState(modelMachine, INPUT)], paths);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });

  it('never allows a resend while counting, and shows the form and the keypad apart', () => {
    for (const path of paths) {
      for (const { state } of path.steps) {
        const { snapshot } = state;
        if (snapshot.context.resendIn > 0) expect(snapshot.can({ type: 'code.resend' })).toBe(false);
        expect(snapshot.hasTag('emailForm') && snapshot.hasTag('keypad')).toBe(false);
        expect(snapshot.context.code.length).toBeLessThanOrEqual(6);
      }
    }
  });
});

describe('e-mail change paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const path of paths) {
    describe(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, () => {
      const last = path.steps.at(-1)?.state.snapshot;
      it(`ends at ${JSON.stringify(last?.value)}${last?.context.error ? ` with ${last.context.error}` : ''}, as the model predicts after every step`, async () => {
        const { machine, fakes, effects } = replayMachine();
        const actor = createActor(machine, { input: INPUT }).start();
        const initial = initialModelState(modelMachine, INPUT);
        expect(actor.getSnapshot().value).toEqual(initial.snapshot.value);
        let previous = initial.snapshot;
        let expectedEffects = initial.actions.map((action) => action.type);

        for (const step of path.steps) {
          await playStep(actor, step.event, previous.value, fakes);
          const expected = step.state.snapshot;
          expectSameSnapshot(actor.getSnapshot(), expected);
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
        actor.stop();
      });
    });
  }
});

describe('e-mail change timing and defaults', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows a resend exactly 60 s after each send', async () => {
    const { machine, fakes } = replayMachine();
    const actor = createActor(machine, { input: { email: null } }).start();
    actor.send({ type: 'email.submit', email: EMAIL });
    fakes.settle({ type: 'actor.done', id: 'verifyEmail', output: CODE_ID });
    await flush();
    expect(actor.getSnapshot().context.resendIn).toBe(60);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    vi.advanceTimersByTime(59_999);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
    actor.send({ type: 'code.resend' });
    fakes.settle({ type: 'actor.done', id: 'verifyEmail', output: 'code-2' });
    await flush();
    expect(fakes.inputs('verifyEmail')).toEqual([{ email: EMAIL }, { email: EMAIL }]);
    expect(actor.getSnapshot().context.codeId).toBe('code-2');
    expect(actor.getSnapshot().context.resendIn).toBe(60);
    actor.stop();
  });

  it('starts from the e-mail it is given, and waits quietly when the app provides nothing (inert defaults)', () => {
    const actor = createActor(emailChangeMachine, { input: { email: EMAIL } }).start();
    expect(actor.getSnapshot().context.email).toBe(EMAIL);
    actor.send({ type: 'email.submit', email: EMAIL });
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().value).toBe('sending');
    actor.stop();
  });
});
