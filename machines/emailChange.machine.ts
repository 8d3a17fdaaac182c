import { assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';
import {
  appendDigit,
  type BiometricSuggestionFacts,
  classifySecurityFailure,
  EMAIL_CODE_LENGTH,
  type EmailProblem,
  emailProblem,
  eraseDigit,
  normalizeEmail,
  pasteDigits,
  RESEND_WAIT_MS,
} from './passcode/rules.ts';
import { type PasscodeConfirmInput, passcodeConfirmMachine } from './passcodeConfirm.machine.ts';

/**
 * Add or change the backup e-mail from the security page (spec 001 s.3 security flow types
 * `create_email` and `change_email`, s.4 e-mail stages, s.5, s.7, s.8; issue 8).
 *
 * - create_email (no confirmed address yet, `change: null`): the form → `verifyEmail`
 *   (`POST /user/verify-email`, the code id) → the 6-digit code, submitted on the 6th digit with
 *   `confirmEmail` (`POST /user/confirm-email`) → done.
 * - change_email (`change` given): first the passcode, when one is active (the passcodeConfirm
 *   machine as the child `passcodeConfirm`, transaction type `change_email`), then a code mailed
 *   to the current address (`sendOldCode`: `POST /security/email-code {change_email}`), turned
 *   into a mail confirmation token on the 6th digit (`verifyOldCode`:
 *   `POST /security/email-code/token`), then the form and the new address's code as above; the
 *   first `verifyEmail` carries both tokens, a resend carries none (the server remembers the
 *   address it authorised). A 403 on that send means the confirmations expired or were spent:
 *   `expired`, where `flow.restart` starts over.
 *
 * Every code stage: a resend is allowed 60 s after each send; 403 clears the digits with no
 * message and error haptics, 404 "code expired", 409 "already used by another account";
 * `step.back` from the new address's code returns to the form. Actors reject with
 * `{ status, seconds? }` (src/app/features/security/securityApi.ts provides them).
 *
 * Tags: `passcode` (the child's screen), `oldCode` (the old address's code), `emailForm`,
 * `keypad`, `busy`, `invalid`, `expired`, `done`.
 */
export type EmailChangeError = EmailProblem | 'email_taken' | 'send_failed' | 'code_not_found' | 'confirm_failed';

export type EmailChangeEvent =
  | { type: 'email.submit'; email: string }
  | { type: 'digit.enter'; digit: string }
  | { type: 'digit.erase' }
  | { type: 'code.paste'; text: string }
  | { type: 'code.resend' }
  | { type: 'step.back' }
  | { type: 'flow.restart' };

export interface EmailChangeInput {
  /** The address shown in the form at first (the current one, or null). */
  email: string | null;
  resendSeconds?: number;
  /**
   * Replacing a confirmed address (change_email): the passcode confirmation to run first, or
   * null when no passcode is active. Absent or null `change`: a first address (create_email).
   */
  change?: { confirm: PasscodeConfirmInput | null } | null;
}

export interface VerifyEmailInput {
  email: string;
  passCodeConfirmationToken?: string;
  mailConfirmationToken?: string;
}

export interface EmailChangeContext {
  /** The address of the form (and, once sent, of the new code). */
  email: string;
  /** The confirmed address being replaced (change_email), where the old code goes. */
  currentEmail: string | null;
  /** The digits typed in the current code stage. */
  code: string;
  /** The new address's code id. */
  codeId: string | null;
  /** The old address's code id (change_email). */
  oldCodeId: string | null;
  resendIn: number;
  resendSeconds: number;
  error: EmailChangeError | null;
  change: { confirm: PasscodeConfirmInput | null } | null;
  passCodeToken: string | null;
  mailToken: string | null;
}

/** Never used: `confirming` is entered only with a confirmation to run. */
const NO_FACTS: BiometricSuggestionFacts = {
  inMessenger: false,
  version: null,
  available: false,
  enabled: false,
  lastSuggested: null,
};

function pending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

function codeFailure(error: unknown): EmailChangeError | null {
  const kind = classifySecurityFailure(error).kind;
  if (kind === 'forbidden') return null;
  if (kind === 'notFound') return 'code_not_found';
  if (kind === 'conflict') return 'email_taken';
  return 'confirm_failed';
}

export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    input: {} as EmailChangeInput,
    tags: {} as 'busy' | 'invalid' | 'emailForm' | 'keypad' | 'done' | 'passcode' | 'oldCode' | 'expired',
    children: {} as {
      verifyEmail: 'verifyEmail';
      confirmEmail: 'confirmEmail';
      passcodeConfirm: 'passcodeConfirm';
      sendOldCode: 'sendOldCode';
      verifyOldCode: 'verifyOldCode';
    },
  },
  actors: {
    verifyEmail: pending<string, VerifyEmailInput>(),
    confirmEmail: pending<unknown, { code: string; id: string }>(),
    passcodeConfirm: passcodeConfirmMachine,
    sendOldCode: pending<string, { passCodeToken: string | null }>(),
    verifyOldCode: pending<string, { code: string; id: string }>(),
  },
  actions: {
    // Inert: the app fires error haptics when `wantsErrorHaptics` holds (403, 429).
    errorHaptics: (_, _params: { error: unknown }) => {},
    emailConfirmed: () => {},
    typeDigit: assign(({ context, event }) =>
      event.type === 'digit.enter'
        ? { code: appendDigit(context.code, event.digit, EMAIL_CODE_LENGTH), error: null }
        : {},
    ),
    eraseDigit: assign(({ context }) => ({ code: eraseDigit(context.code) })),
    pasteCode: assign(({ event }) =>
      event.type === 'code.paste' ? { code: pasteDigits(event.text, EMAIL_CODE_LENGTH), error: null } : {},
    ),
    startResendWait: assign(({ context }) => ({ resendIn: context.resendSeconds })),
    tick: assign(({ context }) => ({ resendIn: Math.max(0, context.resendIn - 1) })),
  },
  guards: {
    emailValid: ({ event }) => event.type === 'email.submit' && emailProblem(event.email) === null,
    complete: ({ context }) => context.code.length === EMAIL_CODE_LENGTH,
    resendOver: ({ context }) => context.resendIn <= 0,
    withPasscode: ({ context }) => context.change !== null && context.change.confirm !== null,
    changing: ({ context }) => context.change !== null,
    confirmationRefused: ({ context }, params: { error: unknown }) =>
      context.change !== null && classifySecurityFailure(params.error).kind === 'forbidden',
  },
  delays: { resendTick: 1000 },
}).createMachine({
  id: 'emailChange',
  context: ({ input }) => ({
    email: input.email ?? '',
    currentEmail: input.change ? input.email : null,
    code: '',
    codeId: null,
    oldCodeId: null,
    resendIn: 0,
    resendSeconds: input.resendSeconds ?? RESEND_WAIT_MS / 1000,
    error: null,
    change: input.change ?? null,
    passCodeToken: null,
    mailToken: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'withPasscode', target: 'confirming' },
        { guard: 'changing', target: 'oldSending' },
        { target: 'editing' },
      ],
    },
    confirming: {
      description: 'change_email with an active passcode: the passcode first (transaction type change_email).',
      tags: ['passcode'],
      invoke: {
        id: 'passcodeConfirm',
        src: 'passcodeConfirm',
        input: ({ context }) =>
          context.change?.confirm ?? { transactionType: 'change_email', hash: '', biometric: NO_FACTS, now: 0 },
        onDone: {
          target: 'oldSending',
          actions: assign(({ event }) => ({ passCodeToken: event.output.token })),
        },
      },
    },
    oldSending: {
      description: 'A code to the current address (send-email-code, change_email).',
      tags: ['oldCode', 'busy'],
      invoke: {
        id: 'sendOldCode',
        src: 'sendOldCode',
        input: ({ context }) => ({ passCodeToken: context.passCodeToken }),
        onDone: {
          target: 'oldCode',
          actions: assign(({ event }) => ({ oldCodeId: event.output, code: '', error: null })),
        },
        onError: { target: 'oldSendFailed', actions: assign({ error: 'send_failed' as const }) },
      },
    },
    oldSendFailed: {
      tags: ['oldCode'],
      on: { 'code.resend': { target: 'oldSending' } },
    },
    oldCode: {
      type: 'parallel',
      states: {
        input: {
          initial: 'entry',
          states: {
            entry: {
              tags: ['oldCode', 'keypad'],
              initial: 'idle',
              always: { guard: 'complete', target: 'verifying' },
              on: {
                'digit.enter': { target: '.idle', actions: 'typeDigit' },
                'digit.erase': { actions: 'eraseDigit' },
                'code.paste': { target: '.idle', actions: 'pasteCode' },
              },
              states: { idle: {}, invalid: { tags: ['invalid'] } },
            },
            verifying: {
              tags: ['oldCode', 'keypad', 'busy'],
              invoke: {
                id: 'verifyOldCode',
                src: 'verifyOldCode',
                input: ({ context }) => ({ code: context.code, id: context.oldCodeId ?? '' }),
                onDone: {
                  target: '#emailChange.editing',
                  // The form starts empty: the current address is the one being replaced.
                  actions: assign(({ event }) => ({
                    mailToken: event.output,
                    email: '',
                    code: '',
                    error: null,
                    resendIn: 0,
                  })),
                },
                onError: {
                  target: 'entry.invalid',
                  actions: [
                    assign(({ event }) => ({ code: '', error: codeFailure(event.error) })),
                    { type: 'errorHaptics', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
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
                  always: { guard: 'resendOver', target: '#emailChange.oldCode.resend.ready' },
                  after: { resendTick: { target: 'ticking', reenter: true, actions: 'tick' } },
                },
              },
            },
            ready: { on: { 'code.resend': 'sending' } },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'sendOldCode',
                src: 'sendOldCode',
                input: ({ context }) => ({ passCodeToken: context.passCodeToken }),
                onDone: { target: 'waiting', actions: assign(({ event }) => ({ oldCodeId: event.output, code: '' })) },
                onError: { target: 'ready', actions: assign({ error: 'send_failed' as const }) },
              },
            },
          },
        },
      },
    },
    editing: {
      tags: ['emailForm'],
      on: {
        'email.submit': [
          {
            guard: 'emailValid',
            target: 'sending',
            actions: assign(({ event }) => ({ email: normalizeEmail(event.email), error: null })),
          },
          {
            actions: assign(({ event }) => ({ email: normalizeEmail(event.email), error: emailProblem(event.email) })),
          },
        ],
      },
    },
    sending: {
      tags: ['emailForm', 'busy'],
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({
          email: context.email,
          ...(context.passCodeToken === null ? {} : { passCodeConfirmationToken: context.passCodeToken }),
          ...(context.mailToken === null ? {} : { mailConfirmationToken: context.mailToken }),
        }),
        onDone: {
          target: 'code',
          // The confirmations are spent: a resend or the same address again needs none.
          actions: assign(({ event }) => ({
            codeId: event.output,
            code: '',
            error: null,
            passCodeToken: null,
            mailToken: null,
          })),
        },
        onError: [
          {
            guard: { type: 'confirmationRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'expired',
            actions: assign({ passCodeToken: null, mailToken: null, error: null }),
          },
          {
            target: 'editing',
            actions: assign(({ event }) => ({
              error: classifySecurityFailure(event.error).kind === 'conflict' ? 'email_taken' : 'send_failed',
            })),
          },
        ],
      },
    },
    expired: {
      description: 'The server refused the confirmations (expired or spent): start the change again.',
      tags: ['expired'],
      on: {
        'flow.restart': { target: 'start', actions: assign({ code: '', codeId: null, oldCodeId: null, resendIn: 0 }) },
      },
    },
    code: {
      type: 'parallel',
      on: { 'step.back': { target: 'editing', actions: assign({ code: '', error: null }) } },
      states: {
        input: {
          initial: 'entry',
          states: {
            entry: {
              tags: ['keypad'],
              initial: 'idle',
              always: { guard: 'complete', target: 'verifying' },
              on: {
                'digit.enter': { target: '.idle', actions: 'typeDigit' },
                'digit.erase': { actions: 'eraseDigit' },
                'code.paste': { target: '.idle', actions: 'pasteCode' },
              },
              states: { idle: {}, invalid: { tags: ['invalid'] } },
            },
            verifying: {
              tags: ['keypad', 'busy'],
              invoke: {
                id: 'confirmEmail',
                src: 'confirmEmail',
                input: ({ context }) => ({ code: context.code, id: context.codeId ?? '' }),
                onDone: { target: '#emailChange.done', actions: 'emailConfirmed' },
                onError: {
                  target: 'entry.invalid',
                  actions: [
                    assign(({ event }) => ({ code: '', error: codeFailure(event.error) })),
                    { type: 'errorHaptics', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
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
                  always: { guard: 'resendOver', target: '#emailChange.code.resend.ready' },
                  after: { resendTick: { target: 'ticking', reenter: true, actions: 'tick' } },
                },
              },
            },
            ready: { on: { 'code.resend': 'sending' } },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'verifyEmail',
                src: 'verifyEmail',
                input: ({ context }) => ({ email: context.email }),
                onDone: { target: 'waiting', actions: assign(({ event }) => ({ codeId: event.output, code: '' })) },
                onError: {
                  target: 'ready',
                  actions: assign(({ event }) => ({
                    error: classifySecurityFailure(event.error).kind === 'conflict' ? 'email_taken' : 'send_failed',
                  })),
                },
              },
            },
          },
        },
      },
    },
    done: { tags: ['done'], type: 'final' },
  },
});
