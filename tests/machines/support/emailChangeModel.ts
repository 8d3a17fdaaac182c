/**
 * The e-mail change machine's model, shared by tests/machines/emailChange.model.test.ts (which
 * drives the /account/security/email view along these paths): the scenarios, the events tried
 * from each state, the fakes, and how a step reads as a sentence.
 *
 * The passcode confirmation is the passcodeConfirm machine as the child `passcodeConfirm` (its own
 * model covers it); here it only finishes with the `change_email` confirmation token: in the model
 * its `actor.done`, in a replay the real child given the passcode and its `confirmPasscode` fake
 * answering the token.
 */
import {
  type EmailChangeEvent,
  type EmailChangeInput,
  emailChangeMachine,
} from '../../../machines/emailChange.machine.ts';
import {
  type ActorSettleOf,
  DeferredActors,
  isActorSettle,
  isTimePass,
  type ModelEvent,
  type ModelPath,
  transitionPaths,
} from './model.ts';
import {
  CONFLICT,
  describeSettle,
  FORBIDDEN,
  NO_BIOMETRICS,
  NO_RESPONSE,
  NOT_FOUND,
  NOW,
  outputText,
  SERVER_ERROR,
} from './passcodeModel.ts';
import { type PasscodeSettler, passcodeChildReplay } from './replay.ts';

export type EmailChangeMachine = typeof emailChangeMachine;

export const CODE_ID = 'code-1';
export const OLD_CODE_ID = 'old-code-1';
export const EMAIL = 'ada@example.com';
export const OLD_EMAIL = 'old@example.com';
export const PASSCODE = '2580';
export const PASS_TOKEN = 'change-email-pass-token';
export const MAIL_TOKEN = 'change-email-mail-token';
export const HASH = 'c'.repeat(32);

export type EmailChangeScenario = 'first address' | 'change with a passcode' | 'change without a passcode';

/** The resend wait is shortened to 1 s through the input so the model can count it down. */
export const INPUTS: Record<EmailChangeScenario, EmailChangeInput> = {
  'first address': { email: null, resendSeconds: 1 },
  'change with a passcode': {
    email: OLD_EMAIL,
    resendSeconds: 1,
    change: { confirm: { transactionType: 'change_email', hash: HASH, now: NOW, biometric: NO_BIOMETRICS } },
  },
  'change without a passcode': { email: OLD_EMAIL, resendSeconds: 1, change: { confirm: null } },
};

type Settle = ActorSettleOf<EmailChangeMachine>;
type Snapshot = ReturnType<EmailChangeMachine['getInitialSnapshot']>;

const SETTLES: Settle[] = [
  { type: 'actor.done', id: 'passcodeConfirm', output: { token: PASS_TOKEN, enableBiometric: false } },
  { type: 'actor.done', id: 'sendOldCode', output: OLD_CODE_ID },
  { type: 'actor.error', id: 'sendOldCode', error: NO_RESPONSE },
  { type: 'actor.done', id: 'verifyOldCode', output: MAIL_TOKEN },
  ...[FORBIDDEN, NOT_FOUND, SERVER_ERROR].map((error): Settle => ({ type: 'actor.error', id: 'verifyOldCode', error })),
  { type: 'actor.done', id: 'verifyEmail', output: CODE_ID },
  ...[FORBIDDEN, CONFLICT, NO_RESPONSE].map((error): Settle => ({ type: 'actor.error', id: 'verifyEmail', error })),
  { type: 'actor.done', id: 'confirmEmail', output: true },
  ...[FORBIDDEN, NOT_FOUND, CONFLICT, SERVER_ERROR].map(
    (error): Settle => ({ type: 'actor.error', id: 'confirmEmail', error }),
  ),
];

export function modelEvents(snapshot: Snapshot): Array<EmailChangeEvent | Settle> {
  if (snapshot.status !== 'active') return [];
  const events: Array<EmailChangeEvent | Settle> = [
    { type: 'email.submit', email: `  ${EMAIL.toUpperCase()} ` },
    { type: 'email.submit', email: 'ada@example' },
    { type: 'email.submit', email: '   ' },
    { type: 'digit.enter', digit: '1' },
    { type: 'digit.erase' },
    { type: 'code.paste', text: '123 456' },
    { type: 'code.resend' },
    { type: 'step.back' },
    { type: 'flow.restart' },
  ];
  const children: Record<string, unknown> = snapshot.children;
  events.push(...SETTLES.filter((settle) => children[settle.id] !== undefined));
  return events;
}

/** The defaults are inert (pending calls, the passcodeConfirm machine waiting for digits). */
export const modelMachine = emailChangeMachine;

export function emailChangePaths(scenario: EmailChangeScenario): Array<ModelPath<EmailChangeMachine>> {
  return transitionPaths(modelMachine, {
    input: INPUTS[scenario],
    events: modelEvents,
    key: (snapshot) => {
      const { email, code, codeId, oldCodeId, resendIn, error, passCodeToken, mailToken } = snapshot.context;
      return [snapshot.value, email, code.length, codeId, oldCodeId, resendIn, error, passCodeToken, mailToken];
    },
  });
}

/** The effects a replay records: the named actions the app provides, in order. */
export const EFFECTS = ['errorHaptics', 'emailConfirmed'] as const;

/**
 * The machine with deferred fakes. Settling `passcodeConfirm` pastes the passcode into the real
 * child and answers its `confirmPasscode` call with the token; the rest settle their fakes.
 */
export function replayMachine(): {
  machine: EmailChangeMachine;
  fakes: DeferredActors;
  effects: string[];
  settle: PasscodeSettler;
} {
  const fakes = new DeferredActors();
  const effects: string[] = [];
  const passcode = passcodeChildReplay(fakes, { childId: 'passcodeConfirm', passcode: PASSCODE, token: PASS_TOKEN });
  const machine = emailChangeMachine.provide({
    actors: {
      passcodeConfirm: passcode.machine,
      sendOldCode: fakes.actor('sendOldCode', outputText),
      verifyOldCode: fakes.actor('verifyOldCode', outputText),
      verifyEmail: fakes.actor('verifyEmail', outputText),
      confirmEmail: fakes.actor('confirmEmail', (output) => output),
    },
    actions: {
      errorHaptics: () => void effects.push('errorHaptics'),
      emailConfirmed: () => void effects.push('emailConfirmed'),
    },
  });
  return { machine, fakes, effects, settle: passcode.settler };
}

const WHO: Record<Settle['id'], string> = {
  passcodeConfirm: 'the passcode confirmation',
  sendOldCode: 'sending the code to the old address',
  verifyOldCode: 'the old address’s code check',
  verifyEmail: 'sending the code',
  confirmEmail: 'the code check',
};

export function describeEvent(event: ModelEvent<EmailChangeMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  if (isActorSettle(event)) {
    if (event.id === 'passcodeConfirm') return `${WHO[event.id]} ends with the token`;
    return describeSettle(WHO[event.id], event);
  }
  switch (event.type) {
    case 'email.submit':
      return `the person submits "${event.email}"`;
    case 'digit.enter':
      return `the person types ${event.digit}`;
    case 'digit.erase':
      return 'the person erases a digit';
    case 'code.paste':
      return `the person pastes "${event.text}"`;
    case 'code.resend':
      return 'the person asks for a new code';
    case 'step.back':
      return 'the person goes back';
    case 'flow.restart':
      return 'the person starts over';
  }
}
