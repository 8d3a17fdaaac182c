import { assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';
import { type PasscodeConfirmInput, passcodeConfirmMachine } from './passcodeConfirm.machine.ts';

/**
 * Turning biometrics on from the security page (docs/security-app.md "Biometric enrolment").
 *
 * confirming (the passcodeConfirm machine as the child `passcodeConfirm`, for `addBiometric`;
 * its keypad, lockout and "too many attempts" are its own) → access (`ensureAccess`: already
 * granted, or granted when asked) → enrolling (`enrol`: `POST /security/biometric` with the
 * confirmation token, then the token stored on the device) → enrolled.
 *
 * - Access refused: `openBiometricSettings`, then `denied` (tag `biometricDenied`):
 *   `enrolment.retry` asks again with the same confirmation token, `enrolment.cancel` ends.
 * - `enrol` fails: `failed` with `biometric_failed` (tag `failed`). The confirmation token is
 *   single use, so `enrolment.retry` goes back to the passcode; `enrolment.cancel` ends.
 *
 * The app provides: `passcodeConfirm` (the provided passcodeConfirm machine), `ensureAccess` →
 * boolean, `enrol` `{ passCodeConfirmationToken }`; actions `openBiometricSettings`, `enrolled`.
 * Tags: `busy`, `biometricDenied`, `failed`, `done`. Output: `{ enrolled }`.
 */

export type BiometricEnrolmentError = 'biometric_failed';

export interface BiometricEnrolmentInput {
  /** The passcode confirmation to run first (transaction type `addBiometric`). */
  confirm: PasscodeConfirmInput;
}

export interface BiometricEnrolmentContext {
  confirm: PasscodeConfirmInput;
  /** The addBiometric confirmation token, once the passcode is confirmed. */
  confirmationToken: string | null;
  error: BiometricEnrolmentError | null;
  enrolled: boolean;
}

export type BiometricEnrolmentEvent = { type: 'enrolment.retry' } | { type: 'enrolment.cancel' };

export type BiometricEnrolmentTag = 'busy' | 'biometricDenied' | 'failed' | 'done';

function fromPending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

export const biometricEnrolmentMachine = setup({
  types: {
    context: {} as BiometricEnrolmentContext,
    events: {} as BiometricEnrolmentEvent,
    input: {} as BiometricEnrolmentInput,
    output: {} as { enrolled: boolean },
    tags: {} as BiometricEnrolmentTag,
    children: {} as {
      passcodeConfirm: 'passcodeConfirm';
      ensureAccess: 'ensureAccess';
      enrol: 'enrol';
    },
  },
  actions: {
    keepToken: assign((_, params: { token: string }) => ({ confirmationToken: params.token, error: null })),
    fail: assign(
      (): Pick<BiometricEnrolmentContext, 'confirmationToken' | 'error'> => ({
        confirmationToken: null,
        error: 'biometric_failed',
      }),
    ),
    markEnrolled: assign({ enrolled: true }),
    // Inert: the app opens the messenger's biometric settings.
    openBiometricSettings: () => {},
    // Inert: the app may fire success haptics.
    enrolled: () => {},
  },
  guards: {
    granted: (_, params: { value: unknown }) => params.value === true,
  },
  actors: {
    passcodeConfirm: passcodeConfirmMachine,
    ensureAccess: fromPending<boolean, void>(),
    enrol: fromPending<void, { passCodeConfirmationToken: string }>(),
  },
}).createMachine({
  id: 'biometricEnrolment',
  description: 'Confirms the passcode, then gets access to biometrics and adds and stores a biometric token.',
  context: ({ input }) => ({ confirm: input.confirm, confirmationToken: null, error: null, enrolled: false }),
  initial: 'confirming',
  states: {
    confirming: {
      invoke: {
        id: 'passcodeConfirm',
        src: 'passcodeConfirm',
        input: ({ context }) => context.confirm,
        onDone: { target: 'access', actions: { type: 'keepToken', params: ({ event }) => event.output } },
      },
    },
    access: {
      tags: ['busy'],
      invoke: {
        id: 'ensureAccess',
        src: 'ensureAccess',
        onDone: [
          { guard: { type: 'granted', params: ({ event }) => ({ value: event.output }) }, target: 'enrolling' },
          { target: 'denied', actions: 'openBiometricSettings' },
        ],
        onError: { target: 'denied', actions: 'openBiometricSettings' },
      },
    },
    denied: {
      description: 'Access refused: the settings were opened; ask again or give up.',
      tags: ['biometricDenied'],
      on: {
        'enrolment.retry': { target: 'access' },
        'enrolment.cancel': { target: 'cancelled' },
      },
    },
    enrolling: {
      tags: ['busy'],
      invoke: {
        id: 'enrol',
        src: 'enrol',
        input: ({ context }) => ({ passCodeConfirmationToken: context.confirmationToken ?? '' }),
        onDone: { target: 'enrolled' },
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    failed: {
      description:
        'The token was not added or not stored: the confirmation is spent, so a retry asks for the passcode.',
      tags: ['failed'],
      on: {
        'enrolment.retry': { target: 'confirming' },
        'enrolment.cancel': { target: 'cancelled' },
      },
    },
    enrolled: {
      tags: ['done'],
      entry: ['markEnrolled', 'enrolled'],
      type: 'final',
    },
    cancelled: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ enrolled: context.enrolled }),
});
