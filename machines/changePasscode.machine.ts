import { and, assertEvent, assign, fromPromise, not, type PromiseActorLogic, setup, stateIn } from 'xstate';
import { lockoutMachine } from './lockout.machine.ts';
import {
  appendDigit,
  classifySecurityFailure,
  EMAIL_CODE_LENGTH,
  eraseDigit,
  PASSCODE_LENGTH,
  pasteDigits,
  RESEND_WAIT_MS,
} from './passcode/rules.ts';

/**
 * Change or restore the passcode ("Forgot passcode" opens it; spec 001 s.4 "Change-passcode
 * flow", s.7, s.8).
 *
 * A code is sent to the backup e-mail at once (`sendEmailCode`, `POST /security/email-code`
 * `{ transactionType: 'changePassCode' }` → code id) → emailCode (6 digits submit on the 6th with
 * `verifyEmailCode`, `POST /security/email-code/token` `{ code, id }` → the mail confirmation
 * token; `code.resend` after 60 s) → setUp (4 digits) → confirm (a wrong repeat clears the input,
 * marks it `invalid`, `errorHaptics`) → restoring (`restorePasscode`,
 * `POST /security/pass-code/recovery` `{ code, mailConfirmationToken }`) → completed (tag
 * `waitingForBot`): like a first passcode, the new one is pending until the person confirms it
 * through the bot's link (issue 8: the e-mail alone no longer changes the passcode); `clearLockout`
 * runs there (the app forgets any keypad lockout it keeps; the server clears its own on confirmation).
 *
 * Failures (each actor rejects with `{ status, seconds? }`): sending the code, `send_failed` (on
 * the first send the flow waits in `requestFailed`; `code.resend` tries again), except a 429 with
 * seconds (`resend_too_soon`: one e-mail code per account per minute, e.g. right after setting up
 * the passcode), which is a wait, not a failure: the first send waits in `tooSoon` (tag
 * `tooSoon`, `resendIn` counting down) and sends by itself at 0, a resend counts down the
 * server's seconds before it can be asked again; the code check,
 * 403 clears with no message and haptics, 404 `code_not_found`, 429 lockout (the `lockout` child)
 * or `too_many_attempts`, else `verify_failed`; the recovery, `restore_failed` and back to setUp
 * (the mail token stays valid for a retry; if the server refuses it, `step.back` from setUp asks
 * for a new code).
 *
 * Tags: `keypad`, `busy`, `invalid`, `locked`, `supportLink`, `canResend`, `failed`, `waitingForBot`, `done`. The
 * resend button is enabled exactly when `snapshot.can({ type: 'code.resend' })`.
 * Actions: `errorHaptics`, `clearLockout`. Delay: `resendTick` (1000 ms).
 */

export type ChangePasscodeError =
  | 'send_failed'
  | 'code_not_found'
  | 'verify_failed'
  | 'too_many_attempts'
  | 'restore_failed';

export interface ChangePasscodeInput {
  /** Seconds before a code may be resent; 60 unless a test shortens it. */
  resendSeconds?: number;
}

export interface ChangePasscodeContext {
  resendSeconds: number;
  code: string;
  passcode: string;
  codeId: string | null;
  mailConfirmationToken: string | null;
  resendIn: number;
  lockSeconds: number;
  error: ChangePasscodeError | null;
}

export type ChangePasscodeEvent =
  | { type: 'digit.enter'; digit: string }
  | { type: 'digit.erase' }
  | { type: 'code.paste'; text: string }
  | { type: 'code.resend' }
  | { type: 'step.back' };

export type ChangePasscodeTag =
  | 'tooSoon'
  | 'keypad'
  | 'busy'
  | 'invalid'
  | 'locked'
  | 'supportLink'
  | 'canResend'
  | 'failed'
  | 'waitingForBot'
  | 'done';

function fromPending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

export const changePasscodeMachine = setup({
  types: {
    context: {} as ChangePasscodeContext,
    events: {} as ChangePasscodeEvent,
    input: {} as ChangePasscodeInput,
    tags: {} as ChangePasscodeTag,
    children: {} as {
      sendEmailCode: 'sendEmailCode';
      verifyEmailCode: 'verifyEmailCode';
      restorePasscode: 'restorePasscode';
      lockout: 'lockout';
    },
  },
  actions: {
    typePasscodeDigit: assign(({ context, event }) => {
      assertEvent(event, 'digit.enter');
      return { code: appendDigit(context.code, event.digit, PASSCODE_LENGTH), error: null };
    }),
    pastePasscode: assign(({ event }) => {
      assertEvent(event, 'code.paste');
      return { code: pasteDigits(event.text, PASSCODE_LENGTH), error: null };
    }),
    typeEmailDigit: assign(({ context, event }) => {
      assertEvent(event, 'digit.enter');
      return { code: appendDigit(context.code, event.digit, EMAIL_CODE_LENGTH), error: null };
    }),
    pasteEmailCode: assign(({ event }) => {
      assertEvent(event, 'code.paste');
      return { code: pasteDigits(event.text, EMAIL_CODE_LENGTH), error: null };
    }),
    eraseDigit: assign(({ context }) => ({ code: eraseDigit(context.code) })),
    clearCode: assign({ code: '' }),
    keepPasscode: assign(({ context }) => ({ passcode: context.code, code: '' })),
    forgetPasscode: assign({ passcode: '', code: '' }),
    setError: assign((_, params: { error: ChangePasscodeError | null }) => ({ error: params.error })),
    storeCodeId: assign((_, params: { id: string }) => ({ codeId: params.id, error: null })),
    storeMailToken: assign((_, params: { token: string }) => ({
      mailConfirmationToken: params.token,
      code: '',
      error: null,
    })),
    forgetMailToken: assign({ mailConfirmationToken: null, code: '', passcode: '' }),
    startResendWait: assign(({ context }) => ({ resendIn: context.resendSeconds })),
    waitServerSeconds: assign((_, params: { error: unknown }) => {
      const failure = classifySecurityFailure(params.error);
      return { resendIn: failure.kind === 'locked' ? failure.seconds : 0, error: null };
    }),
    countResendDown: assign(({ context }) => ({ resendIn: Math.max(0, context.resendIn - 1) })),
    setLock: assign((_, params: { error: unknown }) => {
      const failure = classifySecurityFailure(params.error);
      return { lockSeconds: failure.kind === 'locked' ? failure.seconds : 0 };
    }),
    clearLock: assign({ lockSeconds: 0 }),
    // Inert: the app fires the messenger's error haptics.
    errorHaptics: () => {},
    // Inert: the app forgets any keypad lockout it keeps (the passcode was reset).
    clearLockout: () => {},
  },
  guards: {
    passcodeComplete: ({ context }) => context.code.length === PASSCODE_LENGTH,
    emailCodeComplete: ({ context }) => context.code.length === EMAIL_CODE_LENGTH,
    repeatMatches: ({ context }) => context.code === context.passcode,
    resendOver: ({ context }) => context.resendIn <= 0,
    keypadUnlocked: and([
      not(stateIn('#changePasscode.emailCode.input.locked')),
      not(stateIn('#changePasscode.emailCode.input.tooMany')),
    ]),
    isKind: (_, params: { error: unknown; kind: 'forbidden' | 'notFound' | 'locked' | 'tooMany' }) =>
      classifySecurityFailure(params.error).kind === params.kind,
  },
  actors: {
    sendEmailCode: fromPending<string, { transactionType: 'changePassCode' }>(),
    verifyEmailCode: fromPending<string, { code: string; id: string }>(),
    restorePasscode: fromPending<unknown, { code: string; mailConfirmationToken: string }>(),
    lockout: lockoutMachine,
  },
  delays: {
    resendTick: 1000,
  },
}).createMachine({
  id: 'changePasscode',
  description: 'Restores the passcode through an e-mail code: code, new passcode, repeat, recovery.',
  context: ({ input }) => ({
    resendSeconds: input.resendSeconds ?? RESEND_WAIT_MS / 1000,
    code: '',
    passcode: '',
    codeId: null,
    mailConfirmationToken: null,
    resendIn: 0,
    lockSeconds: 0,
    error: null,
  }),
  initial: 'requesting',
  states: {
    requesting: {
      description: 'POST /security/email-code with the transaction type changePassCode.',
      tags: ['busy'],
      invoke: {
        id: 'sendEmailCode',
        src: 'sendEmailCode',
        input: { transactionType: 'changePassCode' },
        onDone: {
          target: 'emailCode',
          actions: { type: 'storeCodeId', params: ({ event }) => ({ id: event.output }) },
        },
        onError: [
          {
            description: 'A code was sent less than a minute ago (429 with seconds): wait, then send.',
            guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'locked' }) },
            target: 'tooSoon',
            actions: { type: 'waitServerSeconds', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'requestFailed', actions: { type: 'setError', params: { error: 'send_failed' } } },
        ],
      },
    },
    tooSoon: {
      description: "The server's seconds count down; at 0 the code is sent by itself.",
      tags: ['tooSoon'],
      initial: 'ticking',
      states: {
        ticking: {
          always: { guard: 'resendOver', target: '#changePasscode.requesting' },
          after: { resendTick: { target: 'ticking', reenter: true, actions: 'countResendDown' } },
        },
      },
    },
    requestFailed: {
      tags: ['failed'],
      on: { 'code.resend': { target: 'requesting' } },
    },
    emailCode: {
      description: 'The 6-digit code sent to the backup e-mail; resend after 60 s.',
      type: 'parallel',
      entry: 'startResendWait',
      states: {
        input: {
          initial: 'entry',
          states: {
            entry: {
              tags: ['keypad'],
              initial: 'idle',
              always: { guard: 'emailCodeComplete', target: 'verifying' },
              on: {
                'digit.enter': { target: '.idle', actions: 'typeEmailDigit' },
                'digit.erase': { actions: 'eraseDigit' },
                'code.paste': { target: '.idle', actions: 'pasteEmailCode' },
              },
              states: {
                idle: {},
                invalid: { tags: ['invalid'] },
              },
            },
            verifying: {
              tags: ['keypad', 'busy'],
              invoke: {
                id: 'verifyEmailCode',
                src: 'verifyEmailCode',
                input: ({ context }) => ({ code: context.code, id: context.codeId ?? '' }),
                onDone: {
                  target: '#changePasscode.setUp',
                  actions: { type: 'storeMailToken', params: ({ event }) => ({ token: event.output }) },
                },
                onError: [
                  {
                    guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'locked' }) },
                    target: 'locked',
                    actions: [
                      'clearCode',
                      { type: 'setLock', params: ({ event }) => ({ error: event.error }) },
                      { type: 'setError', params: { error: null } },
                      'errorHaptics',
                    ],
                  },
                  {
                    guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'tooMany' }) },
                    target: 'tooMany',
                    actions: [
                      'clearCode',
                      { type: 'setError', params: { error: 'too_many_attempts' } },
                      'errorHaptics',
                    ],
                  },
                  {
                    description: 'A 403 shows no message; the input is cleared.',
                    guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'forbidden' }) },
                    target: 'entry.invalid',
                    actions: ['clearCode', { type: 'setError', params: { error: null } }, 'errorHaptics'],
                  },
                  {
                    guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'notFound' }) },
                    target: 'entry.invalid',
                    actions: ['clearCode', { type: 'setError', params: { error: 'code_not_found' } }],
                  },
                  {
                    target: 'entry.invalid',
                    actions: ['clearCode', { type: 'setError', params: { error: 'verify_failed' } }],
                  },
                ],
              },
            },
            locked: {
              tags: ['locked'],
              invoke: {
                id: 'lockout',
                src: 'lockout',
                input: ({ context }) => ({ seconds: context.lockSeconds }),
                onDone: { target: 'entry', actions: 'clearLock' },
              },
            },
            tooMany: {
              tags: ['locked', 'supportLink'],
            },
          },
        },
        resend: {
          initial: 'waiting',
          states: {
            waiting: {
              initial: 'ticking',
              states: {
                ticking: {
                  always: { guard: 'resendOver', target: '#changePasscode.emailCode.resend.ready' },
                  after: { resendTick: { target: 'ticking', reenter: true, actions: 'countResendDown' } },
                },
              },
            },
            ready: {
              tags: ['canResend'],
              on: {
                'code.resend': { guard: 'keypadUnlocked', target: 'sending' },
              },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'sendEmailCode',
                src: 'sendEmailCode',
                input: { transactionType: 'changePassCode' },
                onDone: {
                  target: 'waiting',
                  actions: [{ type: 'storeCodeId', params: ({ event }) => ({ id: event.output }) }, 'startResendWait'],
                },
                onError: [
                  {
                    description: "Too soon (429 with seconds): the server's seconds count down first.",
                    guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'locked' }) },
                    target: 'waiting',
                    actions: { type: 'waitServerSeconds', params: ({ event }) => ({ error: event.error }) },
                  },
                  { target: 'ready', actions: { type: 'setError', params: { error: 'send_failed' } } },
                ],
              },
            },
          },
        },
      },
    },
    setUp: {
      description: 'The new passcode; the fourth digit moves on. Back asks for a new e-mail code.',
      tags: ['keypad'],
      always: { guard: 'passcodeComplete', target: 'confirm', actions: 'keepPasscode' },
      on: {
        'digit.enter': { actions: 'typePasscodeDigit' },
        'digit.erase': { actions: 'eraseDigit' },
        'code.paste': { actions: 'pastePasscode' },
        'step.back': { target: 'requesting', actions: 'forgetMailToken' },
      },
    },
    confirm: {
      description: 'The repeat: a wrong one clears the input and marks it invalid.',
      tags: ['keypad'],
      initial: 'idle',
      always: [
        { guard: and(['passcodeComplete', 'repeatMatches']), target: 'restoring' },
        { guard: 'passcodeComplete', target: '.invalid', actions: ['clearCode', 'errorHaptics'] },
      ],
      on: {
        'digit.enter': { target: '.idle', actions: 'typePasscodeDigit' },
        'digit.erase': { actions: 'eraseDigit' },
        'code.paste': { target: '.idle', actions: 'pastePasscode' },
        'step.back': { target: 'setUp', actions: 'forgetPasscode' },
      },
      states: {
        idle: {},
        invalid: { tags: ['invalid'] },
      },
    },
    restoring: {
      description: 'POST /security/pass-code/recovery with the new passcode and the mail confirmation token.',
      tags: ['busy'],
      invoke: {
        id: 'restorePasscode',
        src: 'restorePasscode',
        input: ({ context }) => ({
          code: context.passcode,
          mailConfirmationToken: context.mailConfirmationToken ?? '',
        }),
        onDone: { target: 'completed' },
        onError: {
          target: 'setUp',
          actions: ['forgetPasscode', { type: 'setError', params: { error: 'restore_failed' } }],
        },
      },
    },
    completed: {
      description: 'The new passcode waits for the bot confirmation; the old one works until then.',
      tags: ['done', 'waitingForBot'],
      type: 'final',
      entry: ['clearLockout', 'forgetMailToken'],
    },
  },
});
