/**
 * The passcode-confirm machine's model, shared by tests/machines/passcodeConfirm.model.test.ts
 * and by any test that drives the `/passcode/{id}` view along the same paths: the scenarios, the
 * events tried from each state, the fakes, and how a step reads as a sentence.
 */
import {
  type PasscodeConfirmEvent,
  type PasscodeConfirmInput,
  passcodeConfirmMachine,
} from '../../../machines/passcodeConfirm.machine.ts';
import {
  type ActorSettleOf,
  DeferredActors,
  eventsWhileActive,
  isActorSettle,
  isTimePass,
  type ModelEvent,
  type ModelPath,
  transitionPaths,
  unsettledActor,
} from './model.ts';
import {
  BIOMETRICS_ENABLED,
  BIOMETRICS_TO_SUGGEST,
  describeFailure,
  FORBIDDEN,
  LOCK_SECONDS,
  LOCKED,
  lockoutSecondsLeft,
  NO_BIOMETRICS,
  NO_RESPONSE,
  NOT_FOUND,
  NOW,
  SERVER_ERROR,
  TOO_MANY,
} from './passcodeModel.ts';

export type PasscodeConfirmMachine = typeof passcodeConfirmMachine;
export type PasscodeConfirmScenario =
  | 'keypad only'
  | 'biometrics enabled'
  | 'biometrics to suggest'
  | 'still locked after a reload';

export const HASH = 'a'.repeat(64);
export const TOKEN = 'confirmation-token';

export const scenarios: Record<PasscodeConfirmScenario, PasscodeConfirmInput> = {
  'keypad only': { transactionType: 'p2p', hash: HASH, biometric: NO_BIOMETRICS, now: NOW },
  'biometrics enabled': { transactionType: 'p2p', hash: HASH, biometric: BIOMETRICS_ENABLED, now: NOW },
  'biometrics to suggest': { transactionType: 'p2p', hash: HASH, biometric: BIOMETRICS_TO_SUGGEST, now: NOW },
  'still locked after a reload': {
    transactionType: 'p2p',
    hash: HASH,
    biometric: NO_BIOMETRICS,
    now: NOW,
    unlockIn: LOCK_SECONDS,
  },
};

type Settle = ActorSettleOf<PasscodeConfirmMachine>;
type Snapshot = ReturnType<PasscodeConfirmMachine['getInitialSnapshot']>;

export const userEvents: PasscodeConfirmEvent[] = [
  { type: 'digit.enter', digit: '1' },
  { type: 'digit.erase' },
  { type: 'code.paste', text: '12 34' },
  { type: 'code.paste', text: 'x9' },
  { type: 'biometric.start' },
  { type: 'biometric.accept' },
  { type: 'biometric.decline' },
];

/** A refused passcode, with the attempts the server says are left (issue 9). */
export const WRONG_PASSCODE = { ...FORBIDDEN, attemptsLeft: 3 };

/**
 * How the calls may settle: the token, each refusal, or no response; a biometric token or none;
 * turning biometrics on works or fails.
 */
const SETTLES: Settle[] = [
  { type: 'actor.done', id: 'confirmPasscode', output: TOKEN },
  ...[WRONG_PASSCODE, NOT_FOUND, LOCKED, TOO_MANY, SERVER_ERROR, NO_RESPONSE].map(
    (error): Settle => ({ type: 'actor.error', id: 'confirmPasscode', error }),
  ),
  { type: 'actor.done', id: 'authenticateBiometric', output: TOKEN },
  { type: 'actor.done', id: 'authenticateBiometric', output: null },
  { type: 'actor.error', id: 'authenticateBiometric', error: NOT_FOUND },
  { type: 'actor.done', id: 'enrolBiometric', output: undefined },
  { type: 'actor.error', id: 'enrolBiometric', error: SERVER_ERROR },
];

export function modelEvents(snapshot: Snapshot): Array<PasscodeConfirmEvent | Settle> {
  return eventsWhileActive(snapshot, userEvents, SETTLES);
}

export const modelMachine = passcodeConfirmMachine.provide({
  actors: {
    confirmPasscode: unsettledActor(),
    authenticateBiometric: unsettledActor(),
    enrolBiometric: unsettledActor(),
  },
});

export function passcodeConfirmPaths(scenario: PasscodeConfirmScenario): Array<ModelPath<PasscodeConfirmMachine>> {
  return transitionPaths(modelMachine, {
    input: scenarios[scenario],
    events: modelEvents,
    key: (snapshot) => [
      snapshot.value,
      snapshot.context.code.length,
      snapshot.context.error,
      lockoutSecondsLeft(snapshot.children),
    ],
  });
}

/** The effects a replay records: the named actions the app provides, in order. */
export const EFFECTS = ['errorHaptics', 'rememberSuggestion'] as const;

function asToken(output: unknown): string {
  return typeof output === 'string' ? output : '';
}

export function replayMachine(): { machine: PasscodeConfirmMachine; fakes: DeferredActors; effects: string[] } {
  const fakes = new DeferredActors();
  const effects: string[] = [];
  const machine = passcodeConfirmMachine.provide({
    actors: {
      confirmPasscode: fakes.actor('confirmPasscode', asToken),
      authenticateBiometric: fakes.actor('authenticateBiometric', (output) =>
        typeof output === 'string' ? output : null,
      ),
      enrolBiometric: fakes.actor<void, { code: string }>('enrolBiometric', () => {}),
    },
    actions: {
      errorHaptics: () => void effects.push('errorHaptics'),
      rememberSuggestion: () => void effects.push('rememberSuggestion'),
    },
  });
  return { machine, fakes, effects };
}

export function describeEvent(event: ModelEvent<PasscodeConfirmMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  if (isActorSettle(event)) {
    const who =
      event.id === 'confirmPasscode'
        ? 'the passcode check'
        : event.id === 'enrolBiometric'
          ? 'turning biometrics on'
          : 'biometric authentication';
    if (event.id === 'enrolBiometric') return event.type === 'actor.error' ? `${who} fails` : `${who} works`;
    if (event.type === 'actor.error') return `${who} fails with ${describeFailure(event.error)}`;
    return event.output === null ? `${who} is cancelled` : `${who} answers a token`;
  }
  switch (event.type) {
    case 'digit.enter':
      return `the person types ${event.digit}`;
    case 'digit.erase':
      return 'the person erases a digit';
    case 'code.paste':
      return `the person pastes "${event.text}"`;
    case 'biometric.start':
      return 'the person asks for biometrics';
    case 'biometric.accept':
      return 'the person accepts biometrics';
    case 'biometric.decline':
      return 'the person declines biometrics';
  }
}
