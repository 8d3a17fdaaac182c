import { assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';
import {
  appendDigit,
  classifySecurityFailure,
  EMAIL_CODE_LENGTH,
  type EmailProblem,
  emailProblem,
  eraseDigit,
  normalizeEmail,
  pasteDigits,
  RESEND_WAIT_MS,
} from './passcode/rules.ts';

/**
 * Add or change the backup e-mail from the security page (spec 001 s.4 e-mail stages, s.5, s.7,
 * s.8): the form → `verifyEmail` (`POST /user/verify-email`, the code id) → the 6-digit code,
 * submitted on the 6th digit with `confirmEmail` (`POST /user/confirm-email`) → done. A resend is
 * allowed 60 s after each send; `step.back` returns to the form. The same events and error codes
 * as the set-passcode machine's e-mail stages, so the screens read alike. Actors reject with
 * `{ status, seconds? }` (src/app/features/security/securityApi.ts provides them).
 */
export type EmailChangeError = EmailProblem | 'email_taken' | 'send_failed' | 'code_not_found' | 'confirm_failed';

export type EmailChangeEvent =
  | { type: 'email.submit'; email: string }
  | { type: 'digit.enter'; digit: string }
  | { type: 'digit.erase' }
  | { type: 'code.paste'; text: string }
  | { type: 'code.resend' }
  | { type: 'step.back' };

function pending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

export const emailChangeMachine = setup({
  types: {
    context: {} as {
      email: string;
      code: string;
      codeId: string | null;
      resendIn: number;
      resendSeconds: number;
      error: EmailChangeError | null;
    },
    events: {} as EmailChangeEvent,
    input: {} as { email: string | null; resendSeconds?: number },
    tags: {} as 'busy' | 'invalid' | 'emailForm' | 'keypad' | 'done',
    children: {} as { verifyEmail: 'verifyEmail'; confirmEmail: 'confirmEmail' },
  },
  actors: {
    verifyEmail: pending<string, { email: string }>(),
    confirmEmail: pending<unknown, { code: string; id: string }>(),
  },
  actions: {
    // Inert: the app fires error haptics when `wantsErrorHaptics` holds (403, 429).
    errorHaptics: (_, _params: { error: unknown }) => {},
    emailConfirmed: () => {},
  },
  guards: {
    emailValid: ({ event }) => event.type === 'email.submit' && emailProblem(event.email) === null,
    complete: ({ context }) => context.code.length === EMAIL_CODE_LENGTH,
    resendOver: ({ context }) => context.resendIn <= 0,
  },
  delays: { resendTick: 1000 },
}).createMachine({
  id: 'emailChange',
  context: ({ input }) => ({
    email: input.email ?? '',
    code: '',
    codeId: null,
    resendIn: 0,
    resendSeconds: input.resendSeconds ?? RESEND_WAIT_MS / 1000,
    error: null,
  }),
  initial: 'editing',
  states: {
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
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'code',
          actions: assign(({ event }) => ({ codeId: event.output, code: '', error: null })),
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            error: classifySecurityFailure(event.error).kind === 'conflict' ? 'email_taken' : 'send_failed',
          })),
        },
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
                'digit.enter': {
                  target: '.idle',
                  actions: assign(({ context, event }) => ({
                    code: appendDigit(context.code, event.digit, EMAIL_CODE_LENGTH),
                    error: null,
                  })),
                },
                'digit.erase': { actions: assign(({ context }) => ({ code: eraseDigit(context.code) })) },
                'code.paste': {
                  target: '.idle',
                  actions: assign(({ event }) => ({ code: pasteDigits(event.text, EMAIL_CODE_LENGTH), error: null })),
                },
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
                    assign(({ event }) => {
                      const kind = classifySecurityFailure(event.error).kind;
                      const error: EmailChangeError | null =
                        kind === 'forbidden'
                          ? null
                          : kind === 'notFound'
                            ? 'code_not_found'
                            : kind === 'conflict'
                              ? 'email_taken'
                              : 'confirm_failed';
                      return { code: '', error };
                    }),
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
              entry: assign(({ context }) => ({ resendIn: context.resendSeconds })),
              initial: 'ticking',
              states: {
                ticking: {
                  always: { guard: 'resendOver', target: '#emailChange.code.resend.ready' },
                  after: {
                    resendTick: {
                      target: 'ticking',
                      reenter: true,
                      actions: assign(({ context }) => ({ resendIn: Math.max(0, context.resendIn - 1) })),
                    },
                  },
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
                onError: { target: 'ready', actions: assign({ error: 'send_failed' as const }) },
              },
            },
          },
        },
      },
    },
    done: { tags: ['done'], type: 'final' },
  },
});
