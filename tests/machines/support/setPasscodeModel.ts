/**
 * The set-passcode machine's model, shared by tests/machines/setPasscode.model.test.ts and by any
 * test that drives the set-passcode views along the same paths: the scenarios, the events tried
 * from each state, the fakes, and how a step reads as a sentence.
 */
import {
  type SetPasscodeEvent,
  type SetPasscodeInput,
  setPasscodeMachine,
} from '../../../machines/setPasscode.machine.ts';
import {
  type ActorSettleOf,
  DeferredActors,
  isActorSettle,
  isTimePass,
  type ModelEvent,
  type ModelPath,
  transitionPaths,
  unsettledActor,
} from './model.ts';
import {
  BIOMETRICS_TO_SUGGEST,
  CONFLICT,
  describeFailure,
  FORBIDDEN,
  LOCKED,
  lockoutSecondsLeft,
  NO_BIOMETRICS,
  NO_RESPONSE,
  NOT_FOUND,
  outputText,
  SERVER_ERROR,
  TOO_MANY,
} from './passcodeModel.ts';

export type SetPasscodeMachine = typeof setPasscodeMachine;
export type SetPasscodeScenario = 'e-mail confirmed, on the web' | 'new e-mail, in the messenger' | 'strict suggestion';

export const EMAIL = 'ada@example.com';
export const CODE_ID = 'code-1';
export const CONFIRMATION_TOKEN = 'confirmation-token';
export const BIOMETRIC_TOKEN = 'biometric-token';

export const scenarios: Record<SetPasscodeScenario, SetPasscodeInput> = {
  'e-mail confirmed, on the web': {
    suggestion: 'none',
    isEmailConfirmed: true,
    email: EMAIL,
    biometric: NO_BIOMETRICS,
    resendSeconds: 1,
  },
  'new e-mail, in the messenger': {
    suggestion: 'optional',
    isEmailConfirmed: false,
    email: null,
    biometric: BIOMETRICS_TO_SUGGEST,
    resendSeconds: 1,
  },
  'strict suggestion': {
    suggestion: 'strict',
    isEmailConfirmed: true,
    email: EMAIL,
    biometric: NO_BIOMETRICS,
    resendSeconds: 1,
  },
};

type Settle = ActorSettleOf<SetPasscodeMachine>;
type Snapshot = ReturnType<SetPasscodeMachine['getInitialSnapshot']>;

const SETTLES: Settle[] = [
  { type: 'actor.done', id: 'verifyEmail', output: CODE_ID },
  { type: 'actor.error', id: 'verifyEmail', error: CONFLICT },
  { type: 'actor.error', id: 'verifyEmail', error: SERVER_ERROR },
  { type: 'actor.done', id: 'confirmEmail', output: true },
  ...[FORBIDDEN, NOT_FOUND, CONFLICT, LOCKED, TOO_MANY, SERVER_ERROR].map(
    (error): Settle => ({ type: 'actor.error', id: 'confirmEmail', error }),
  ),
  { type: 'actor.done', id: 'setPasscode', output: true },
  { type: 'actor.error', id: 'setPasscode', error: SERVER_ERROR },
  { type: 'actor.done', id: 'fetchSettings', output: { id: 42, passCode: true } },
  { type: 'actor.done', id: 'fetchSettings', output: { id: 42, passCode: false } },
  { type: 'actor.error', id: 'fetchSettings', error: NO_RESPONSE },
  { type: 'actor.done', id: 'checkBiometricAccess', output: true },
  { type: 'actor.done', id: 'checkBiometricAccess', output: false },
  { type: 'actor.error', id: 'checkBiometricAccess', error: new Error('unsupported') },
  { type: 'actor.done', id: 'requestBiometricAccess', output: true },
  { type: 'actor.done', id: 'requestBiometricAccess', output: false },
  { type: 'actor.error', id: 'requestBiometricAccess', error: new Error('unsupported') },
  { type: 'actor.done', id: 'confirmPasscode', output: CONFIRMATION_TOKEN },
  { type: 'actor.error', id: 'confirmPasscode', error: SERVER_ERROR },
  { type: 'actor.done', id: 'addBiometric', output: BIOMETRIC_TOKEN },
  { type: 'actor.error', id: 'addBiometric', error: SERVER_ERROR },
  { type: 'actor.done', id: 'storeBiometricToken', output: true },
  { type: 'actor.error', id: 'storeBiometricToken', error: new Error('storage') },
];

export function modelEvents(snapshot: Snapshot): Array<SetPasscodeEvent | Settle> {
  if (snapshot.status !== 'active') return [];
  const inEmailCode = snapshot.matches('emailCode');
  const events: Array<SetPasscodeEvent | Settle> = [
    { type: 'passcode.accept' },
    { type: 'passcode.dismiss' },
    { type: 'digit.enter', digit: '1' },
    { type: 'digit.erase' },
    { type: 'code.paste', text: inEmailCode ? '123 456' : '1 1 1 1' },
    { type: 'email.submit', email: ' Ada@Example.com ' },
    { type: 'email.submit', email: 'ada@' },
    { type: 'step.back' },
    { type: 'code.resend' },
    { type: 'biometric.accept' },
    { type: 'biometric.decline' },
  ];
  if (snapshot.matches('confirm')) events.push({ type: 'digit.enter', digit: '2' });
  const children: Record<string, unknown> = snapshot.children;
  events.push(...SETTLES.filter((settle) => children[settle.id] !== undefined));
  return events;
}

export const modelMachine = setPasscodeMachine.provide({
  actors: {
    verifyEmail: unsettledActor(),
    confirmEmail: unsettledActor(),
    setPasscode: unsettledActor(),
    fetchSettings: unsettledActor(),
    checkBiometricAccess: unsettledActor(),
    requestBiometricAccess: unsettledActor(),
    confirmPasscode: unsettledActor(),
    addBiometric: unsettledActor(),
    storeBiometricToken: unsettledActor(),
  },
});

export function setPasscodePaths(scenario: SetPasscodeScenario): Array<ModelPath<SetPasscodeMachine>> {
  return transitionPaths(modelMachine, {
    input: scenarios[scenario],
    events: modelEvents,
    key: (snapshot) => {
      const { code, passcode, error, resendIn, isEmailConfirmed, codeId } = snapshot.context;
      return [
        snapshot.value,
        code.length,
        code === passcode.slice(0, code.length),
        passcode.length,
        error,
        resendIn,
        isEmailConfirmed,
        codeId,
        lockoutSecondsLeft(snapshot.children),
      ];
    },
  });
}

/** The effects a replay records: the named actions the app provides, in order. */
export const EFFECTS = ['errorHaptics', 'openBiometricSettings'] as const;

export function replayMachine(): { machine: SetPasscodeMachine; fakes: DeferredActors; effects: string[] } {
  const fakes = new DeferredActors();
  const effects: string[] = [];
  const machine = setPasscodeMachine.provide({
    actors: {
      verifyEmail: fakes.actor('verifyEmail', outputText),
      confirmEmail: fakes.actor('confirmEmail', (output) => output),
      setPasscode: fakes.actor('setPasscode', (output) => output),
      fetchSettings: fakes.actor('fetchSettings', (output) => output),
      checkBiometricAccess: fakes.actor('checkBiometricAccess', (output) => output === true),
      requestBiometricAccess: fakes.actor('requestBiometricAccess', (output) => output === true),
      confirmPasscode: fakes.actor('confirmPasscode', outputText),
      addBiometric: fakes.actor('addBiometric', outputText),
      storeBiometricToken: fakes.actor('storeBiometricToken', (output) => output),
    },
    actions: {
      errorHaptics: () => void effects.push('errorHaptics'),
      openBiometricSettings: () => void effects.push('openBiometricSettings'),
    },
  });
  return { machine, fakes, effects };
}

const WHO: Record<Settle['id'], string> = {
  verifyEmail: 'sending the code',
  confirmEmail: 'the e-mail code check',
  setPasscode: 'setting the passcode',
  fetchSettings: 'the settings poll',
  checkBiometricAccess: 'the biometric access check',
  requestBiometricAccess: 'the biometric access request',
  confirmPasscode: 'the addBiometric passcode token',
  addBiometric: 'adding biometrics',
  storeBiometricToken: 'storing the biometric token',
  lockout: 'the lockout',
};

export function describeEvent(event: ModelEvent<SetPasscodeMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  if (isActorSettle(event)) {
    const who = WHO[event.id];
    if (event.type === 'actor.error') return `${who} fails with ${describeFailure(event.error)}`;
    if (event.id === 'fetchSettings') {
      const output: unknown = event.output;
      const has = typeof output === 'object' && output !== null && Reflect.get(output, 'passCode') === true;
      return `${who} ${has ? 'shows' : 'does not show yet'} the passcode`;
    }
    return `${who} answers ${JSON.stringify(event.output)}`;
  }
  switch (event.type) {
    case 'passcode.accept':
      return 'the person accepts the suggestion';
    case 'passcode.dismiss':
      return 'the person dismisses the suggestion';
    case 'digit.enter':
      return `the person types ${event.digit}`;
    case 'digit.erase':
      return 'the person erases a digit';
    case 'code.paste':
      return `the person pastes "${event.text}"`;
    case 'email.submit':
      return `the person submits the e-mail "${event.email}"`;
    case 'step.back':
      return 'the person goes back';
    case 'code.resend':
      return 'the person asks for a new code';
    case 'biometric.accept':
      return 'the person turns biometrics on';
    case 'biometric.decline':
      return 'the person skips biometrics';
  }
}
