/**
 * The change-passcode machine's model, shared by tests/machines/changePasscode.model.test.ts and by
 * any test that drives the forgot/change-passcode views along the same paths.
 */
import { type ChangePasscodeEvent, changePasscodeMachine } from '../../../machines/changePasscode.machine.ts';
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
  describeSettle,
  FORBIDDEN,
  LOCKED,
  lockoutSecondsLeft,
  NO_RESPONSE,
  NOT_FOUND,
  outputText,
  SERVER_ERROR,
  TOO_MANY,
} from './passcodeModel.ts';

export type ChangePasscodeMachine = typeof changePasscodeMachine;

export const CODE_ID = 'code-1';
export const MAIL_TOKEN = 'mail-confirmation-token';
/** The resend wait is shortened so the model can count it down. */
export const INPUT = { resendSeconds: 1 };

type Settle = ActorSettleOf<ChangePasscodeMachine>;
type Snapshot = ReturnType<ChangePasscodeMachine['getInitialSnapshot']>;

const SETTLES: Settle[] = [
  { type: 'actor.done', id: 'sendEmailCode', output: CODE_ID },
  { type: 'actor.error', id: 'sendEmailCode', error: NO_RESPONSE },
  // resend_too_soon: one e-mail code a minute; the server says how many seconds are left.
  { type: 'actor.error', id: 'sendEmailCode', error: LOCKED },
  { type: 'actor.done', id: 'verifyEmailCode', output: MAIL_TOKEN },
  ...[FORBIDDEN, NOT_FOUND, LOCKED, TOO_MANY, SERVER_ERROR].map(
    (error): Settle => ({ type: 'actor.error', id: 'verifyEmailCode', error }),
  ),
  { type: 'actor.done', id: 'restorePasscode', output: true },
  { type: 'actor.error', id: 'restorePasscode', error: SERVER_ERROR },
];

export function modelEvents(snapshot: Snapshot): Array<ChangePasscodeEvent | Settle> {
  if (snapshot.status !== 'active') return [];
  const events: Array<ChangePasscodeEvent | Settle> = [
    { type: 'digit.enter', digit: '1' },
    { type: 'digit.erase' },
    { type: 'code.paste', text: snapshot.matches('emailCode') ? '123 456' : '1 1 1 1' },
    { type: 'code.resend' },
    { type: 'step.back' },
  ];
  if (snapshot.matches('confirm')) events.push({ type: 'digit.enter', digit: '2' });
  const children: Record<string, unknown> = snapshot.children;
  events.push(...SETTLES.filter((settle) => children[settle.id] !== undefined));
  return events;
}

export const modelMachine = changePasscodeMachine.provide({
  actors: { sendEmailCode: unsettledActor(), verifyEmailCode: unsettledActor(), restorePasscode: unsettledActor() },
});

export function changePasscodePaths(): Array<ModelPath<ChangePasscodeMachine>> {
  return transitionPaths(modelMachine, {
    input: INPUT,
    events: modelEvents,
    key: (snapshot) => {
      const { code, passcode, error, resendIn, codeId, mailConfirmationToken } = snapshot.context;
      return [
        snapshot.value,
        code.length,
        code === passcode.slice(0, code.length),
        passcode.length,
        error,
        resendIn,
        codeId,
        mailConfirmationToken,
        lockoutSecondsLeft(snapshot.children),
      ];
    },
  });
}

/** The effects a replay records: the named actions the app provides, in order. */
export const EFFECTS = ['errorHaptics', 'clearLockout'] as const;

export function replayMachine(): { machine: ChangePasscodeMachine; fakes: DeferredActors; effects: string[] } {
  const fakes = new DeferredActors();
  const effects: string[] = [];
  const machine = changePasscodeMachine.provide({
    actors: {
      sendEmailCode: fakes.actor('sendEmailCode', outputText),
      verifyEmailCode: fakes.actor('verifyEmailCode', outputText),
      restorePasscode: fakes.actor('restorePasscode', (output) => output),
    },
    actions: {
      errorHaptics: () => void effects.push('errorHaptics'),
      clearLockout: () => void effects.push('clearLockout'),
    },
  });
  return { machine, fakes, effects };
}

const WHO: Record<Settle['id'], string> = {
  sendEmailCode: 'sending the e-mail code',
  verifyEmailCode: 'the e-mail code check',
  restorePasscode: 'the recovery',
  lockout: 'the lockout',
};

export function describeEvent(event: ModelEvent<ChangePasscodeMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  if (isActorSettle(event)) {
    return describeSettle(WHO[event.id], event);
  }
  switch (event.type) {
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
