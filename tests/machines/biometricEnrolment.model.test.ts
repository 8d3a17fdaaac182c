/**
 * The biometric enrolment machine (docs/security-app.md "Biometric enrolment").
 *
 * Paths come from the model in tests/machines/support/biometricEnrolmentModel.ts; their count is a
 * tripwire and their coverage must be complete. What the person sees along them is checked against
 * hand-written expectations in tests/app/security/biometricEnrolment.paths.view.test.tsx.
 * Replaying them on the machine itself is only a determinism check; the rules are named tests
 * below, with literal expectations on the machine's real transitions.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { biometricEnrolmentMachine } from '../../machines/biometricEnrolment.machine.ts';
import {
  biometricEnrolmentPaths,
  describeEvent,
  EFFECTS,
  HASH,
  INPUT,
  modelMachine,
  PASSCODE,
  replayMachine,
  TOKEN,
} from './support/biometricEnrolmentModel.ts';
import { coverageOf, flush, initialModelState } from './support/model.ts';
import { expectSameSnapshot, playStep } from './support/replay.ts';

const paths = biometricEnrolmentPaths();

describe('biometric enrolment machine model', () => {
  it('has 11 paths (a tripwire for unintended change)', () => {
    expect(paths.length).toBe(11);
  });

  it('visits every state node and takes every transition of the machine', () => {
    const coverage = coverageOf(biometricEnrolmentMachine, [initialModelState(modelMachine, INPUT)], paths);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });

  it('keeps a confirmation token only between the passcode and the enrolment, and enrols only with one', () => {
    for (const path of paths) {
      for (const { state } of path.steps) {
        const { snapshot } = state;
        if (snapshot.matches('confirming') || snapshot.matches('failed')) {
          expect(snapshot.context.confirmationToken).toBeNull();
        }
        if (snapshot.matches('enrolling')) expect(snapshot.context.confirmationToken).toBe(TOKEN);
        if (snapshot.status === 'done') expect(snapshot.output).toEqual({ enrolled: snapshot.matches('enrolled') });
      }
    }
  });
});

describe('determinism check: biometric enrolment paths replayed on the machine itself', () => {
  for (const path of paths) {
    describe(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, () => {
      const last = path.steps.at(-1)?.state.snapshot;
      it(`ends at ${JSON.stringify(last?.value)}${last?.context.error ? ` with ${last.context.error}` : ''}, as the model predicts after every step`, async () => {
        const { machine, fakes, effects, settle } = replayMachine();
        const actor = createActor(machine, { input: INPUT }).start();
        const replayFakes = settle(() => actor.getSnapshot().children.passcodeConfirm);
        const initial = initialModelState(modelMachine, INPUT);
        expect(actor.getSnapshot().value).toEqual(initial.snapshot.value);
        let previous = initial.snapshot;
        let expectedEffects = initial.actions.map((action) => action.type);

        for (const step of path.steps) {
          await playStep(actor, step.event, previous.value, replayFakes);
          const expected = step.state.snapshot;
          const actual = actor.getSnapshot();
          expectSameSnapshot(actual, expected);
          expect(actual.status).toBe(expected.status);
          expect(actual.output).toEqual(expected.output);
          expectedEffects = [
            ...expectedEffects,
            ...step.state.actions.map((action) => action.type).filter((type) => EFFECTS.some((name) => name === type)),
          ];
          expect(effects).toEqual(expectedEffects);
          previous = expected;
        }

        for (const input of fakes.inputs('confirmPasscode')) {
          expect(input).toEqual({ code: PASSCODE, transactionType: 'addBiometric', hash: HASH });
        }
        for (const input of fakes.inputs('enrol')) expect(input).toEqual({ passCodeConfirmationToken: TOKEN });
        actor.stop();
      });
    });
  }
});

describe('biometric enrolment rules', () => {
  async function confirmed() {
    const { machine, fakes, effects, settle } = replayMachine();
    const actor = createActor(machine, { input: INPUT }).start();
    const replayFakes = settle(() => actor.getSnapshot().children.passcodeConfirm);
    replayFakes.settle({ type: 'actor.done', id: 'passcodeConfirm', output: { token: TOKEN, enableBiometric: false } });
    await flush();
    return { actor, fakes, effects };
  }

  it('the passcode comes first, for addBiometric with the visit’s hash', async () => {
    const { actor, fakes } = await confirmed();
    expect(fakes.inputs('confirmPasscode')).toEqual([{ code: PASSCODE, transactionType: 'addBiometric', hash: HASH }]);
    expect(actor.getSnapshot().value).toBe('access');
  });

  it('refused access opens the messenger’s settings; Try again asks again with the same token', async () => {
    const { actor, fakes, effects } = await confirmed();
    fakes.settle({ type: 'actor.done', id: 'ensureAccess', output: false });
    await flush();
    expect(actor.getSnapshot().hasTag('biometricDenied')).toBe(true);
    expect(effects).toEqual(['openBiometricSettings']);
    actor.send({ type: 'enrolment.retry' });
    fakes.settle({ type: 'actor.done', id: 'ensureAccess', output: true });
    await flush();
    expect(fakes.inputs('enrol')).toEqual([{ passCodeConfirmationToken: TOKEN }]);
  });

  it('a failed enrolment asks for the passcode again: the confirmation token was single use', async () => {
    const { actor, fakes } = await confirmed();
    fakes.settle({ type: 'actor.done', id: 'ensureAccess', output: true });
    await flush();
    fakes.settle({ type: 'actor.error', id: 'enrol', error: { status: 500 } });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ error: 'biometric_failed', confirmationToken: null });
    actor.send({ type: 'enrolment.retry' });
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('Cancel ends without turning anything on', async () => {
    const { actor, fakes } = await confirmed();
    fakes.settle({ type: 'actor.done', id: 'ensureAccess', output: false });
    await flush();
    actor.send({ type: 'enrolment.cancel' });
    expect(actor.getSnapshot().output).toEqual({ enrolled: false });
    expect(fakes.inputs('enrol')).toEqual([]);
  });
});

describe('biometric enrolment defaults', () => {
  it('waits for the passcode when the app provides nothing (inert defaults)', async () => {
    const actor = createActor(biometricEnrolmentMachine, { input: INPUT }).start();
    actor.getSnapshot().children.passcodeConfirm?.send({ type: 'code.paste', text: PASSCODE });
    await flush();
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().children.passcodeConfirm?.getSnapshot().value).toBe('submitting');
    actor.stop();
  });
});
