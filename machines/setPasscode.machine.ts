import { and, assertEvent, assign, fromPromise, not, type PromiseActorLogic, setup, stateIn } from 'xstate';
import { lockoutMachine } from './lockout.machine.ts';
import {
  appendDigit,
  type BiometricSupport,
  biometricsUsable,
  classifySecurityFailure,
  EMAIL_CODE_LENGTH,
  type EmailProblem,
  emailProblem,
  eraseDigit,
  normalizeEmail,
  PASSCODE_LENGTH,
  pasteDigits,
  RESEND_WAIT_MS,
  SETTINGS_POLL_MS,
} from './passcode/rules.ts';

/**
 * Set a passcode (spec 001 s.4 "Set-passcode flow stages", s.5, s.7, s.8, s.9).
 *
 * suggestion (optional; `strict` cannot be dismissed) → setUp (4 digits move on) → confirm (a
 * wrong repeat clears the input, marks it `invalid` and fires `errorHaptics`; the next digit
 * clears the mark) → when the e-mail is confirmed the passcode is sent (`setting`), otherwise
 * email → emailCode (6 digits submit on the 6th; `step.back` returns to email; `code.resend`
 * after 60 s) → setting → botConfirm (settings polled every 5 s until `passCode` is true) →
 * biometric (only in the messenger at ≥ 7.2 with biometrics available) → completed.
 *
 * Calls (named actors the app provides; each rejects with `{ status, seconds? }`):
 * - `verifyEmail` `{ email }` → code id: `POST /user/verify-email` (409 `email_taken`, else
 *   `send_failed`); used again by `code.resend`.
 * - `confirmEmail` `{ code, id }`: `POST /user/confirm-email` (403 clears with no message and
 *   haptics, 404 `code_not_found`, 409 `email_taken`, 429 lockout / `too_many_attempts`, else
 *   `confirm_failed`).
 * - `setPasscode` `{ code }`: `POST /security/pass-code` (failure: `set_failed`, back to setUp).
 * - `fetchSettings`: the user settings (`GET /user/settings`), resolving with at least `passCode`.
 * - `checkBiometricAccess` / `requestBiometricAccess` → boolean (the platform's biometry);
 *   `confirmPasscode` `{ code, transactionType: 'addBiometric' }` → confirmation token
 *   (`POST /security/pass-code/token`; the app adds a fresh hash); `addBiometric`
 *   `{ passCodeConfirmationToken }` → biometric token (`POST /security/biometric`; the app adds the
 *   device id); `storeBiometricToken` `{ token }` (the platform's secure biometric storage).
 *   Any failure there shows `biometric_failed` and offers biometrics again.
 * Actions: `errorHaptics`, `openBiometricSettings` (access refused twice: open the messenger's
 * biometric settings). Delays: `settingsPoll` (5000 ms), `resendTick` (1000 ms).
 *
 * The resend button is enabled exactly when `snapshot.can({ type: 'code.resend' })`: the countdown
 * is over (`canResend`) and the keypad is not locked.
 * Tags: `keypad` (passcode or code keypad), `busy`, `invalid`, `locked`, `supportLink`,
 * `canResend`, `emailForm`, `waitingForBot`, `biometricOffer`, `biometricDenied`, `done`.
 * Context: `code` (the digits on screen), `passcode` (the first entry), `email`, `codeId`,
 * `resendIn` (seconds until resend is allowed), `error` (a `SetPasscodeError`), `lockSeconds`.
 */

export type SetPasscodeError =
  | EmailProblem
  | 'email_taken'
  | 'send_failed'
  | 'code_not_found'
  | 'confirm_failed'
  | 'too_many_attempts'
  | 'set_failed'
  | 'biometric_failed';

export type PasscodeSuggestion = 'none' | 'optional' | 'strict';

export interface SetPasscodeInput {
  /** `none` starts at setUp; `strict` (the take-offer rule) cannot be dismissed. */
  suggestion: PasscodeSuggestion;
  isEmailConfirmed: boolean;
  /** The e-mail already on file, to prefill the form. */
  email: string | null;
  biometric: BiometricSupport;
  /** Seconds before a code may be resent; 60 unless a test shortens it. */
  resendSeconds?: number;
}

export interface SetPasscodeContext {
  suggestion: PasscodeSuggestion;
  isEmailConfirmed: boolean;
  email: string;
  biometric: BiometricSupport;
  resendSeconds: number;
  code: string;
  passcode: string;
  codeId: string | null;
  resendIn: number;
  lockSeconds: number;
  error: SetPasscodeError | null;
  /** The addBiometric confirmation token and the biometric token, only during the biometric stage. */
  confirmationToken: string | null;
  biometricToken: string | null;
}

export type SetPasscodeEvent =
  | { type: 'passcode.accept' }
  | { type: 'passcode.dismiss' }
  | { type: 'digit.enter'; digit: string }
  | { type: 'digit.erase' }
  | { type: 'code.paste'; text: string }
  | { type: 'email.submit'; email: string }
  | { type: 'step.back' }
  | { type: 'code.resend' }
  | { type: 'biometric.accept' }
  | { type: 'biometric.decline' };

export type SetPasscodeTag =
  | 'keypad'
  | 'busy'
  | 'invalid'
  | 'locked'
  | 'supportLink'
  | 'canResend'
  | 'emailForm'
  | 'waitingForBot'
  | 'biometricOffer'
  | 'biometricDenied'
  | 'done';

export interface SetPasscodeOutput {
  /** False when the person dismissed the optional suggestion. */
  passcodeSet: boolean;
}

function fromPending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

export const setPasscodeMachine = setup({
  types: {
    context: {} as SetPasscodeContext,
    events: {} as SetPasscodeEvent,
    input: {} as SetPasscodeInput,
    output: {} as SetPasscodeOutput,
    tags: {} as SetPasscodeTag,
    children: {} as {
      verifyEmail: 'verifyEmail';
      confirmEmail: 'confirmEmail';
      setPasscode: 'setPasscode';
      fetchSettings: 'fetchSettings';
      checkBiometricAccess: 'checkBiometricAccess';
      requestBiometricAccess: 'requestBiometricAccess';
      confirmPasscode: 'confirmPasscode';
      addBiometric: 'addBiometric';
      storeBiometricToken: 'storeBiometricToken';
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
    setError: assign((_, params: { error: SetPasscodeError | null }) => ({ error: params.error })),
    takeEmail: assign(({ event }) => {
      assertEvent(event, 'email.submit');
      const problem = emailProblem(event.email);
      return { email: normalizeEmail(event.email), error: problem };
    }),
    storeCodeId: assign((_, params: { id: string }) => ({ codeId: params.id, code: '', error: null })),
    startResendWait: assign(({ context }) => ({ resendIn: context.resendSeconds })),
    countResendDown: assign(({ context }) => ({ resendIn: Math.max(0, context.resendIn - 1) })),
    markEmailConfirmed: assign({ isEmailConfirmed: true, code: '', error: null }),
    setLock: assign((_, params: { error: unknown }) => {
      const failure = classifySecurityFailure(params.error);
      return { lockSeconds: failure.kind === 'locked' ? failure.seconds : 0 };
    }),
    clearLock: assign({ lockSeconds: 0 }),
    keepConfirmationToken: assign((_, params: { token: string }) => ({ confirmationToken: params.token })),
    keepBiometricToken: assign((_, params: { token: string }) => ({ biometricToken: params.token })),
    forgetTokens: assign({ confirmationToken: null, biometricToken: null }),
    // Inert: the app fires the messenger's error haptics.
    errorHaptics: () => {},
    // Inert: the app opens the messenger's biometric settings (access was refused).
    openBiometricSettings: () => {},
  },
  guards: {
    hasSuggestion: ({ context }) => context.suggestion !== 'none',
    canDismiss: ({ context }) => context.suggestion === 'optional',
    passcodeComplete: ({ context }) => context.code.length === PASSCODE_LENGTH,
    emailCodeComplete: ({ context }) => context.code.length === EMAIL_CODE_LENGTH,
    repeatMatches: ({ context }) => context.code === context.passcode,
    isEmailConfirmed: ({ context }) => context.isEmailConfirmed,
    emailValid: ({ event }) => event.type === 'email.submit' && emailProblem(event.email) === null,
    resendOver: ({ context }) => context.resendIn <= 0,
    keypadUnlocked: and([
      not(stateIn('#setPasscode.emailCode.input.locked')),
      not(stateIn('#setPasscode.emailCode.input.tooMany')),
    ]),
    biometricsUsable: ({ context }) => biometricsUsable(context.biometric),
    hasPasscode: (_, params: { settings: unknown }) =>
      typeof params.settings === 'object' &&
      params.settings !== null &&
      Reflect.get(params.settings, 'passCode') === true,
    isTrue: (_, params: { value: unknown }) => params.value === true,
    isKind: (_, params: { error: unknown; kind: 'forbidden' | 'notFound' | 'conflict' | 'locked' | 'tooMany' }) =>
      classifySecurityFailure(params.error).kind === params.kind,
  },
  actors: {
    verifyEmail: fromPending<string, { email: string }>(),
    confirmEmail: fromPending<unknown, { code: string; id: string }>(),
    setPasscode: fromPending<unknown, { code: string }>(),
    fetchSettings: fromPending<unknown, void>(),
    checkBiometricAccess: fromPending<boolean, void>(),
    requestBiometricAccess: fromPending<boolean, void>(),
    confirmPasscode: fromPending<string, { code: string; transactionType: 'addBiometric' }>(),
    addBiometric: fromPending<string, { passCodeConfirmationToken: string }>(),
    storeBiometricToken: fromPending<unknown, { token: string }>(),
    lockout: lockoutMachine,
  },
  delays: {
    settingsPoll: SETTINGS_POLL_MS,
    resendTick: 1000,
  },
}).createMachine({
  id: 'setPasscode',
  description: 'Sets a 4-digit passcode, confirming the e-mail and the bot chat, then offers biometrics.',
  context: ({ input }) => ({
    suggestion: input.suggestion,
    isEmailConfirmed: input.isEmailConfirmed,
    email: input.email ?? '',
    biometric: input.biometric,
    resendSeconds: input.resendSeconds ?? RESEND_WAIT_MS / 1000,
    code: '',
    passcode: '',
    codeId: null,
    resendIn: 0,
    lockSeconds: 0,
    error: null,
    confirmationToken: null,
    biometricToken: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasSuggestion', target: 'suggestion' }, { target: 'setUp' }],
    },
    suggestion: {
      description: 'Why a passcode: accept, or dismiss unless the suggestion is strict.',
      on: {
        'passcode.accept': { target: 'setUp' },
        'passcode.dismiss': { guard: 'canDismiss', target: 'dismissed' },
      },
    },
    setUp: {
      description: 'The new passcode; the fourth digit moves on.',
      tags: ['keypad'],
      always: { guard: 'passcodeComplete', target: 'confirm', actions: 'keepPasscode' },
      on: {
        'digit.enter': { actions: 'typePasscodeDigit' },
        'digit.erase': { actions: 'eraseDigit' },
        'code.paste': { actions: 'pastePasscode' },
      },
    },
    confirm: {
      description: 'The repeat: a wrong one clears the input and marks it invalid.',
      tags: ['keypad'],
      initial: 'idle',
      always: [
        { guard: and(['passcodeComplete', 'repeatMatches', 'isEmailConfirmed']), target: 'setting' },
        { guard: and(['passcodeComplete', 'repeatMatches']), target: 'email' },
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
    email: {
      description: 'The backup e-mail (only when none is confirmed yet).',
      tags: ['emailForm'],
      initial: 'editing',
      states: {
        editing: {
          on: {
            'email.submit': [
              { guard: 'emailValid', target: 'sending', actions: 'takeEmail' },
              { actions: 'takeEmail' },
            ],
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'verifyEmail',
            src: 'verifyEmail',
            input: ({ context }) => ({ email: context.email }),
            onDone: {
              target: '#setPasscode.emailCode',
              actions: { type: 'storeCodeId', params: ({ event }) => ({ id: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'conflict' }) },
                target: 'editing',
                actions: { type: 'setError', params: { error: 'email_taken' } },
              },
              { target: 'editing', actions: { type: 'setError', params: { error: 'send_failed' } } },
            ],
          },
        },
      },
    },
    emailCode: {
      description: 'The 6-digit code sent to the e-mail; resend after 60 s.',
      type: 'parallel',
      on: {
        'step.back': {
          description: 'What the code screen said (expired, too many attempts) is not about the form.',
          target: 'email',
          actions: ['clearCode', 'clearLock', { type: 'setError', params: { error: null } }],
        },
      },
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
                id: 'confirmEmail',
                src: 'confirmEmail',
                input: ({ context }) => ({ code: context.code, id: context.codeId ?? '' }),
                onDone: { target: '#setPasscode.setting', actions: 'markEmailConfirmed' },
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
                    guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'conflict' }) },
                    target: 'entry.invalid',
                    actions: ['clearCode', { type: 'setError', params: { error: 'email_taken' } }],
                  },
                  {
                    target: 'entry.invalid',
                    actions: ['clearCode', { type: 'setError', params: { error: 'confirm_failed' } }],
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
              entry: 'startResendWait',
              initial: 'ticking',
              states: {
                ticking: {
                  always: { guard: 'resendOver', target: '#setPasscode.emailCode.resend.ready' },
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
                id: 'verifyEmail',
                src: 'verifyEmail',
                input: ({ context }) => ({ email: context.email }),
                onDone: {
                  target: 'waiting',
                  actions: { type: 'storeCodeId', params: ({ event }) => ({ id: event.output }) },
                },
                onError: [
                  {
                    guard: { type: 'isKind', params: ({ event }) => ({ error: event.error, kind: 'conflict' }) },
                    target: 'ready',
                    actions: { type: 'setError', params: { error: 'email_taken' } },
                  },
                  { target: 'ready', actions: { type: 'setError', params: { error: 'send_failed' } } },
                ],
              },
            },
          },
        },
      },
    },
    setting: {
      description: 'POST /security/pass-code with the new passcode.',
      tags: ['busy'],
      invoke: {
        id: 'setPasscode',
        src: 'setPasscode',
        input: ({ context }) => ({ code: context.passcode }),
        onDone: { target: 'botConfirm' },
        onError: {
          target: 'setUp',
          actions: ['forgetPasscode', { type: 'setError', params: { error: 'set_failed' } }],
        },
      },
    },
    botConfirm: {
      description: 'The person confirms in the bot chat; settings are polled every 5 s until the passcode appears.',
      tags: ['waitingForBot'],
      initial: 'waiting',
      states: {
        waiting: {
          after: { settingsPoll: { target: 'checking' } },
        },
        checking: {
          invoke: {
            id: 'fetchSettings',
            src: 'fetchSettings',
            onDone: [
              {
                guard: { type: 'hasPasscode', params: ({ event }) => ({ settings: event.output }) },
                target: '#setPasscode.passcodeSet',
              },
              { target: 'waiting' },
            ],
            onError: { target: 'waiting' },
          },
        },
      },
    },
    passcodeSet: {
      always: [{ guard: 'biometricsUsable', target: 'biometric' }, { target: 'completed' }],
    },
    biometric: {
      description: 'Access, then a passcode confirmation token, then a biometric token added and stored.',
      initial: 'offer',
      states: {
        offer: {
          tags: ['biometricOffer'],
          on: {
            'biometric.accept': { target: 'checkingAccess', actions: { type: 'setError', params: { error: null } } },
            'biometric.decline': { target: '#setPasscode.completed' },
          },
        },
        checkingAccess: {
          tags: ['busy'],
          invoke: {
            id: 'checkBiometricAccess',
            src: 'checkBiometricAccess',
            onDone: [
              {
                guard: { type: 'isTrue', params: ({ event }) => ({ value: event.output }) },
                target: 'confirmingPasscode',
              },
              { target: 'requestingAccess' },
            ],
            onError: { target: 'requestingAccess' },
          },
        },
        requestingAccess: {
          tags: ['busy'],
          invoke: {
            id: 'requestBiometricAccess',
            src: 'requestBiometricAccess',
            onDone: [
              {
                guard: { type: 'isTrue', params: ({ event }) => ({ value: event.output }) },
                target: 'confirmingPasscode',
              },
              { target: 'denied', actions: 'openBiometricSettings' },
            ],
            onError: { target: 'denied', actions: 'openBiometricSettings' },
          },
        },
        denied: {
          description: 'Access refused: the settings were opened; try again or skip.',
          tags: ['biometricOffer', 'biometricDenied'],
          on: {
            'biometric.accept': { target: 'checkingAccess' },
            'biometric.decline': { target: '#setPasscode.completed' },
          },
        },
        confirmingPasscode: {
          tags: ['busy'],
          invoke: {
            id: 'confirmPasscode',
            src: 'confirmPasscode',
            input: ({ context }) => ({ code: context.passcode, transactionType: 'addBiometric' as const }),
            onDone: {
              target: 'adding',
              actions: { type: 'keepConfirmationToken', params: ({ event }) => ({ token: event.output }) },
            },
            onError: { target: 'offer', actions: { type: 'setError', params: { error: 'biometric_failed' } } },
          },
        },
        adding: {
          tags: ['busy'],
          invoke: {
            id: 'addBiometric',
            src: 'addBiometric',
            input: ({ context }) => ({ passCodeConfirmationToken: context.confirmationToken ?? '' }),
            onDone: {
              target: 'storing',
              actions: { type: 'keepBiometricToken', params: ({ event }) => ({ token: event.output }) },
            },
            onError: { target: 'offer', actions: { type: 'setError', params: { error: 'biometric_failed' } } },
          },
        },
        storing: {
          tags: ['busy'],
          invoke: {
            id: 'storeBiometricToken',
            src: 'storeBiometricToken',
            input: ({ context }) => ({ token: context.biometricToken ?? '' }),
            onDone: { target: '#setPasscode.completed' },
            onError: { target: 'offer', actions: { type: 'setError', params: { error: 'biometric_failed' } } },
          },
        },
      },
    },
    completed: {
      tags: ['done'],
      entry: 'forgetTokens',
      type: 'final',
    },
    dismissed: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ passcodeSet: context.passcode !== '' }),
});
