/**
 * Model-based test of the biometric enrolment machine (docs/security-app.md "Biometric enrolment").
 *
 * Paths come from `transitionPaths` (tests/machines/support/model.ts) over the model in
 * tests/machines/support/biometricEnrolmentModel.ts: retry and cancel, the passcode confirmation
 * ending with its token (the passcodeConfirm child; its keypad, lockout and errors are covered by
 * its own model), access granted, refused or failing, and the enrolment succeeding or failing. A
 * model state is the state value, the status, the confirmation token, the error and `enrolled`.
 *
 * Each path is replayed on the real machine with the real passcodeConfirm child and deferred
 * fakes: after every step value, context and tags must equal the model's, the effects
 * (`openBiometricSettings`, `enrolled`) must have run as in the model, the passcode must be
 * confirmed for `addBiometric` with the hash, and every enrolment must carry the token.
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
  it('has 11 paths', () => {
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

describe('biometric enrolment paths', () => {
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
