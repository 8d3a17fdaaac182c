/**
 * The e-mail change machine's model, shared by tests/machines/emailChange.model.test.ts and by any
 * test that drives the /account/security/email view along the same paths: the events tried from
 * each state, the fakes, and how a step reads as a sentence.
 */
import { type EmailChangeEvent, emailChangeMachine } from '../../../machines/emailChange.machine.ts';
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
  CONFLICT,
  describeSettle,
  FORBIDDEN,
  NO_RESPONSE,
  NOT_FOUND,
  outputText,
  SERVER_ERROR,
} from './passcodeModel.ts';

export type EmailChangeMachine = typeof emailChangeMachine;

export const CODE_ID = 'code-1';
export const EMAIL = 'ada@example.com';
/** No e-mail yet, and the resend wait shortened so the model can count it down. */
export const INPUT = { email: null, resendSeconds: 1 };

type Settle = ActorSettleOf<EmailChangeMachine>;
type Snapshot = ReturnType<EmailChangeMachine['getInitialSnapshot']>;

const SETTLES: Settle[] = [
  { type: 'actor.done', id: 'verifyEmail', output: CODE_ID },
  ...[CONFLICT, NO_RESPONSE].map((error): Settle => ({ type: 'actor.error', id: 'verifyEmail', error })),
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
  ];
  const children: Record<string, unknown> = snapshot.children;
  events.push(...SETTLES.filter((settle) => children[settle.id] !== undefined));
  return events;
}

export const modelMachine = emailChangeMachine.provide({
  actors: { verifyEmail: unsettledActor(), confirmEmail: unsettledActor() },
});

export function emailChangePaths(): Array<ModelPath<EmailChangeMachine>> {
  return transitionPaths(modelMachine, {
    input: INPUT,
    events: modelEvents,
    key: (snapshot) => {
      const { email, code, codeId, resendIn, error } = snapshot.context;
      return [snapshot.value, email, code.length, codeId, resendIn, error];
    },
  });
}

/** The effects a replay records: the named actions the app provides, in order. */
export const EFFECTS = ['errorHaptics', 'emailConfirmed'] as const;

export function replayMachine(): { machine: EmailChangeMachine; fakes: DeferredActors; effects: string[] } {
  const fakes = new DeferredActors();
  const effects: string[] = [];
  const machine = emailChangeMachine.provide({
    actors: {
      verifyEmail: fakes.actor('verifyEmail', outputText),
      confirmEmail: fakes.actor('confirmEmail', (output) => output),
    },
    actions: {
      errorHaptics: () => void effects.push('errorHaptics'),
      emailConfirmed: () => void effects.push('emailConfirmed'),
    },
  });
  return { machine, fakes, effects };
}

const WHO: Record<Settle['id'], string> = {
  verifyEmail: 'sending the code',
  confirmEmail: 'the code check',
};

export function describeEvent(event: ModelEvent<EmailChangeMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  if (isActorSettle(event)) {
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
  }
}
