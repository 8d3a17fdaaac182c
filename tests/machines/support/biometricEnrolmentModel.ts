/**
 * The biometric enrolment machine's model, shared by tests/machines/biometricEnrolment.model.test.ts
 * and by any test that drives the /account/security/biometrics view along the same paths.
 *
 * The passcode confirmation is the passcodeConfirm machine as the child `passcodeConfirm` (its own
 * model covers it); here it only finishes, with the `addBiometric` confirmation token: in the
 * model its `actor.done`, in a replay the real child given the passcode and its `confirmPasscode`
 * fake answering the token.
 */
import {
  type BiometricEnrolmentEvent,
  type BiometricEnrolmentInput,
  biometricEnrolmentMachine,
} from '../../../machines/biometricEnrolment.machine.ts';
import {
  type ActorSettleOf,
  DeferredActors,
  eventsWhileActive,
  isActorSettle,
  isTimePass,
  type ModelEvent,
  type ModelPath,
  transitionPaths,
} from './model.ts';
import { describeFailure, NO_BIOMETRICS, NOW, SERVER_ERROR } from './passcodeModel.ts';
import { type PasscodeSettler, passcodeChildReplay } from './replay.ts';

export type BiometricEnrolmentMachine = typeof biometricEnrolmentMachine;

export const HASH = 'b'.repeat(32);
export const TOKEN = 'add-biometric-token';
export const PASSCODE = '2580';
export const INPUT: BiometricEnrolmentInput = {
  confirm: { transactionType: 'addBiometric', hash: HASH, now: NOW, biometric: NO_BIOMETRICS },
};

type Settle = ActorSettleOf<BiometricEnrolmentMachine>;
type Snapshot = ReturnType<BiometricEnrolmentMachine['getInitialSnapshot']>;

const REFUSED = new Error('access check failed');

const SETTLES: Settle[] = [
  { type: 'actor.done', id: 'passcodeConfirm', output: { token: TOKEN, enableBiometric: false } },
  { type: 'actor.done', id: 'ensureAccess', output: true },
  { type: 'actor.done', id: 'ensureAccess', output: false },
  { type: 'actor.error', id: 'ensureAccess', error: REFUSED },
  { type: 'actor.done', id: 'enrol', output: undefined },
  { type: 'actor.error', id: 'enrol', error: SERVER_ERROR },
];

const userEvents: BiometricEnrolmentEvent[] = [{ type: 'enrolment.retry' }, { type: 'enrolment.cancel' }];

export function modelEvents(snapshot: Snapshot): Array<BiometricEnrolmentEvent | Settle> {
  return eventsWhileActive(snapshot, userEvents, SETTLES);
}

/** The defaults are inert (pending calls, the passcodeConfirm machine waiting for digits). */
export const modelMachine = biometricEnrolmentMachine;

export function biometricEnrolmentPaths(): Array<ModelPath<BiometricEnrolmentMachine>> {
  return transitionPaths(modelMachine, {
    input: INPUT,
    events: modelEvents,
    key: (snapshot) => {
      const { confirmationToken, error, enrolled } = snapshot.context;
      return [snapshot.value, snapshot.status, confirmationToken, error, enrolled];
    },
  });
}

/** The effects a replay records: the named actions the app provides, in order. */
export const EFFECTS = ['openBiometricSettings', 'enrolled'] as const;

/**
 * The machine with deferred fakes. Settling `passcodeConfirm` pastes the passcode into the real
 * child and answers its `confirmPasscode` call with the token; the rest settle their fakes.
 */
export function replayMachine(): {
  machine: BiometricEnrolmentMachine;
  fakes: DeferredActors;
  effects: string[];
  settle: PasscodeSettler;
} {
  const fakes = new DeferredActors();
  const effects: string[] = [];
  const passcode = passcodeChildReplay(fakes, { childId: 'passcodeConfirm', passcode: PASSCODE, token: TOKEN });
  const machine = biometricEnrolmentMachine.provide({
    actors: {
      passcodeConfirm: passcode.machine,
      ensureAccess: fakes.actor('ensureAccess', (output) => output === true),
      enrol: fakes.actor<void, { passCodeConfirmationToken: string }>('enrol', () => undefined),
    },
    actions: {
      openBiometricSettings: () => void effects.push('openBiometricSettings'),
      enrolled: () => void effects.push('enrolled'),
    },
  });
  return { machine, fakes, effects, settle: passcode.settler };
}

const WHO: Record<Settle['id'], string> = {
  passcodeConfirm: 'the passcode confirmation',
  ensureAccess: 'the access check',
  enrol: 'the enrolment',
};

export function describeEvent(event: ModelEvent<BiometricEnrolmentMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  if (isActorSettle(event)) {
    const who = WHO[event.id];
    if (event.type === 'actor.error') {
      return `${who} fails with ${event.error === REFUSED ? 'an error' : describeFailure(event.error)}`;
    }
    if (event.id === 'passcodeConfirm') return `${who} ends with the token`;
    if (event.id === 'ensureAccess') return `${who} answers ${event.output === true ? 'granted' : 'refused'}`;
    return `${who} succeeds`;
  }
  switch (event.type) {
    case 'enrolment.retry':
      return 'the person tries again';
    case 'enrolment.cancel':
      return 'the person cancels';
  }
}
