import { assertEvent, assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';
import { lockoutMachine } from './lockout.machine.ts';
import {
  appendDigit,
  attemptsLeftOf,
  BIOMETRIC_AUTOSTART_MS,
  type BiometricSuggestionFacts,
  biometricsUsable,
  classifySecurityFailure,
  eraseDigit,
  PASSCODE_LENGTH,
  type PasscodeTransactionType,
  pasteDigits,
  shouldSuggestBiometric,
} from './passcode/rules.ts';

/**
 * Passcode confirmation (spec 001 s.2 `/passcode/{id}`, s.4 "Passcode confirm", s.7, s.8).
 *
 * Input: the transaction type and hash the confirmation token is bound to, what is known about
 * biometrics (`BiometricSuggestionFacts`: in the messenger, version, available, enabled, the
 * date biometrics were last suggested as kept in local storage) and `now` (ms) for the
 * suggestion rule.
 *
 * - `unlockIn` (the security info's `unlock_duration`) starts the flow in `locked`, so a lockout
 *   survives a page reload.
 * - When biometrics are usable and enabled, biometric authentication starts by itself after
 *   300 ms (`biometricDelay`); typing a digit first cancels it; `biometric.start` starts it again.
 *   The actor `authenticateBiometric` (platform biometry, then `POST /security/biometric/token`)
 *   resolves with the confirmation token, or null when the person cancelled (back to the keypad,
 *   no message); a rejection shows `biometric_failed`.
 * - The keypad submits at 4 digits (typed or pasted) with `confirmPasscode`
 *   (`POST /security/pass-code/token`), which resolves with the confirmation token.
 * - Failures (spec 001 s.8, verify-passcode: 403, 404): a 403 clears the input with no error
 *   toast and keeps the attempts the server says are left (`attemptsLeft`, issue 9: the view
 *   says how many);
 *   a 404 clears it with `not_found`; anything else but a 429 clears it with `failed` (the view
 *   shows the default text as a toast). A 429 with seconds locks the keypad: state `locked`
 *   invokes the `lockout` countdown (machines/lockout.machine.ts) and unlocks when it ends. A 429
 *   without seconds is `too_many_attempts`, with the `supportLink` tag; it ends the flow's input.
 *   Error haptics (`errorHaptics`) on 403 and 429.
 * - After a token, biometrics are offered (tag `biometricOffer`) when `shouldSuggestBiometric`
 *   holds; entering the offer runs `rememberSuggestion` (the app stores today's date locally).
 *   `biometric.decline` finishes. `biometric.accept` turns them on for this device first
 *   (`enrolling`, tag `busy`: `enrolBiometric` with the passcode just confirmed, which buys an
 *   `addBiometric` token, the biometric token and stores it on the device); its failure is the
 *   default biometric error (`biometric_enrol_failed`, spec 001 s.8) and the confirmation still
 *   stands. The typed passcode is forgotten on every way out. The final output is
 *   `{ token, enableBiometric }` (`enableBiometric`: biometrics were turned on here).
 *
 * Tags: `keypad` (show the keypad and the dots), `busy` (a call in flight), `locked` (keypad
 * hidden), `supportLink`, `biometricOffer`, `invalid` (the last submit failed), `done`.
 *
 * The app provides: actors `confirmPasscode` (input `{ code, transactionType, hash }`),
 * `authenticateBiometric` (input `{ transactionType, hash }`), rejecting with `{ status, seconds? }`,
 * and `enrolBiometric` (input `{ code }`);
 * actions `errorHaptics` and `rememberSuggestion`. Inert defaults never settle / do nothing.
 */

export type PasscodeConfirmError =
  | 'not_found'
  | 'failed'
  | 'too_many_attempts'
  | 'biometric_failed'
  | 'biometric_enrol_failed';

export interface PasscodeConfirmInput {
  transactionType: PasscodeTransactionType;
  hash: string;
  biometric: BiometricSuggestionFacts;
  /** Milliseconds since the epoch, for the biometric suggestion rule. */
  now: number;
  /**
   * Seconds the keypad is still locked for, from the security info's `unlock_duration`
   * (`GET /security`), so a lockout survives a reload; absent or 0 when not locked.
   */
  unlockIn?: number;
}

export interface PasscodeConfirmContext extends Omit<PasscodeConfirmInput, 'unlockIn'> {
  /** The digits typed so far (never more than 4). */
  code: string;
  error: PasscodeConfirmError | null;
  /** Seconds of the current lockout (the `lockout` child counts them down). */
  lockSeconds: number;
  /** The confirmation token once received. */
  token: string | null;
  /** Passcode attempts left today, as the last refusal said; null when none said it. */
  attemptsLeft: number | null;
  enableBiometric: boolean;
}

export interface PasscodeConfirmOutput {
  token: string;
  enableBiometric: boolean;
}

export type PasscodeConfirmEvent =
  | { type: 'digit.enter'; digit: string }
  | { type: 'digit.erase' }
  | { type: 'code.paste'; text: string }
  | { type: 'biometric.start' }
  | { type: 'biometric.accept' }
  | { type: 'biometric.decline' };

export type PasscodeConfirmTag = 'keypad' | 'busy' | 'locked' | 'supportLink' | 'biometricOffer' | 'invalid' | 'done';

export interface ConfirmPasscodeInput {
  code: string;
  transactionType: PasscodeTransactionType;
  hash: string;
}

function fromPending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

export const passcodeConfirmMachine = setup({
  types: {
    context: {} as PasscodeConfirmContext,
    events: {} as PasscodeConfirmEvent,
    input: {} as PasscodeConfirmInput,
    output: {} as PasscodeConfirmOutput,
    tags: {} as PasscodeConfirmTag,
    children: {} as {
      confirmPasscode: 'confirmPasscode';
      authenticateBiometric: 'authenticateBiometric';
      enrolBiometric: 'enrolBiometric';
      lockout: 'lockout';
    },
  },
  actions: {
    typeDigit: assign(({ context, event }) => {
      assertEvent(event, 'digit.enter');
      return { code: appendDigit(context.code, event.digit, PASSCODE_LENGTH), error: null };
    }),
    eraseDigit: assign(({ context }) => ({ code: eraseDigit(context.code) })),
    pasteCode: assign(({ event }) => {
      assertEvent(event, 'code.paste');
      return { code: pasteDigits(event.text, PASSCODE_LENGTH), error: null };
    }),
    clearCode: assign({ code: '' }),
    setError: assign((_, params: { error: PasscodeConfirmError | null }) => ({ error: params.error })),
    noteAttemptsLeft: assign((_, params: { error: unknown }) => ({ attemptsLeft: attemptsLeftOf(params.error) })),
    forgetAttemptsLeft: assign({ attemptsLeft: null }),
    setLock: assign((_, params: { error: unknown }) => {
      const failure = classifySecurityFailure(params.error);
      return { lockSeconds: failure.kind === 'locked' ? failure.seconds : 0 };
    }),
    storeToken: assign((_, params: { token: string }) => ({ token: params.token, error: null })),
    acceptBiometric: assign({ enableBiometric: true }),
    clearLock: assign({ lockSeconds: 0 }),
    // Inert: the app fires the messenger's error haptics (version ≥ 6.1).
    errorHaptics: () => {},
    // Inert: the app stores today's date as "biometrics last suggested" in local storage.
    rememberSuggestion: () => {},
  },
  guards: {
    biometricEnabled: ({ context }) => context.biometric.enabled && biometricsUsable(context.biometric),
    startsLocked: ({ context }) => context.lockSeconds > 0,
    codeComplete: ({ context }) => context.code.length === PASSCODE_LENGTH,
    shouldSuggest: ({ context }) => shouldSuggestBiometric(context.biometric, context.now),
    isToken: (_, params: { output: unknown }) => typeof params.output === 'string' && params.output !== '',
    isLocked: (_, params: { error: unknown }) => classifySecurityFailure(params.error).kind === 'locked',
    isTooMany: (_, params: { error: unknown }) => classifySecurityFailure(params.error).kind === 'tooMany',
    isForbidden: (_, params: { error: unknown }) => classifySecurityFailure(params.error).kind === 'forbidden',
    isNotFound: (_, params: { error: unknown }) => classifySecurityFailure(params.error).kind === 'notFound',
  },
  actors: {
    confirmPasscode: fromPending<string, ConfirmPasscodeInput>(),
    authenticateBiometric: fromPending<string | null, { transactionType: PasscodeTransactionType; hash: string }>(),
    enrolBiometric: fromPending<void, { code: string }>(),
    lockout: lockoutMachine,
  },
  delays: {
    biometricDelay: BIOMETRIC_AUTOSTART_MS,
  },
}).createMachine({
  id: 'passcodeConfirm',
  description: 'Confirms an action with the 4-digit passcode or biometrics and returns a confirmation token.',
  context: ({ input }) => ({
    transactionType: input.transactionType,
    hash: input.hash,
    biometric: input.biometric,
    now: input.now,
    code: '',
    error: null,
    lockSeconds:
      input.unlockIn !== undefined && Number.isFinite(input.unlockIn) ? Math.max(0, Math.ceil(input.unlockIn)) : 0,
    token: null,
    attemptsLeft: null,
    enableBiometric: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'startsLocked', target: 'locked' },
        { guard: 'biometricEnabled', target: 'biometricWaiting' },
        { target: 'entry' },
      ],
    },
    biometricWaiting: {
      description: 'Biometrics are enabled: authentication starts by itself after 300 ms.',
      tags: ['keypad'],
      after: { biometricDelay: { target: 'biometric' } },
      on: {
        'digit.enter': { target: 'entry', actions: 'typeDigit' },
        'code.paste': { target: 'entry', actions: 'pasteCode' },
      },
    },
    biometric: {
      tags: ['keypad', 'busy'],
      invoke: {
        id: 'authenticateBiometric',
        src: 'authenticateBiometric',
        input: ({ context }) => ({ transactionType: context.transactionType, hash: context.hash }),
        onDone: [
          {
            guard: { type: 'isToken', params: ({ event }) => ({ output: event.output }) },
            target: 'confirmed',
            actions: { type: 'storeToken', params: ({ event }) => ({ token: event.output ?? '' }) },
          },
          { description: 'Cancelled by the person: back to the keypad, no message.', target: 'entry' },
        ],
        onError: {
          target: 'entry',
          actions: { type: 'setError', params: { error: 'biometric_failed' } },
        },
      },
    },
    entry: {
      tags: ['keypad'],
      initial: 'idle',
      always: { guard: 'codeComplete', target: 'submitting' },
      on: {
        'digit.enter': { target: '.idle', actions: 'typeDigit' },
        'digit.erase': { actions: 'eraseDigit' },
        'code.paste': { target: '.idle', actions: 'pasteCode' },
        'biometric.start': { guard: 'biometricEnabled', target: 'biometric', actions: 'clearCode' },
      },
      states: {
        idle: {},
        invalid: {
          description: 'The last passcode was refused; the next digit clears the mark.',
          tags: ['invalid'],
        },
      },
    },
    submitting: {
      tags: ['keypad', 'busy'],
      invoke: {
        id: 'confirmPasscode',
        src: 'confirmPasscode',
        input: ({ context }) => ({ code: context.code, transactionType: context.transactionType, hash: context.hash }),
        onDone: [
          {
            description: 'The passcode stays in memory only while biometrics are offered.',
            guard: 'shouldSuggest',
            target: 'suggesting',
            actions: { type: 'storeToken', params: ({ event }) => ({ token: event.output }) },
          },
          {
            target: 'confirmed',
            actions: [{ type: 'storeToken', params: ({ event }) => ({ token: event.output }) }, 'clearCode'],
          },
        ],
        onError: [
          {
            guard: { type: 'isLocked', params: ({ event }) => ({ error: event.error }) },
            target: 'locked',
            actions: [
              'clearCode',
              'forgetAttemptsLeft',
              { type: 'setLock', params: ({ event }) => ({ error: event.error }) },
              { type: 'setError', params: { error: null } },
              'errorHaptics',
            ],
          },
          {
            guard: { type: 'isTooMany', params: ({ event }) => ({ error: event.error }) },
            target: 'tooMany',
            actions: [
              'clearCode',
              'forgetAttemptsLeft',
              { type: 'setError', params: { error: 'too_many_attempts' } },
              'errorHaptics',
            ],
          },
          {
            description: 'A 403 shows no toast; the input is cleared; the attempts left are kept.',
            guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'entry.invalid',
            actions: [
              'clearCode',
              { type: 'noteAttemptsLeft', params: ({ event }) => ({ error: event.error }) },
              { type: 'setError', params: { error: null } },
              'errorHaptics',
            ],
          },
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'entry.invalid',
            actions: ['clearCode', { type: 'setError', params: { error: 'not_found' } }],
          },
          {
            target: 'entry.invalid',
            actions: ['clearCode', { type: 'setError', params: { error: 'failed' } }],
          },
        ],
      },
    },
    locked: {
      description: 'A 429 with seconds: the keypad hides while the countdown runs.',
      tags: ['locked'],
      invoke: {
        id: 'lockout',
        src: 'lockout',
        input: ({ context }) => ({ seconds: context.lockSeconds }),
        onDone: { target: 'entry', actions: 'clearLock' },
      },
    },
    tooMany: {
      description: 'A 429 without seconds: "too many attempts" with a support link; no more input.',
      tags: ['locked', 'supportLink'],
    },
    suggesting: {
      description: 'The biometric offer (yes or no) after a confirmed passcode.',
      tags: ['biometricOffer'],
      entry: 'rememberSuggestion',
      on: {
        'biometric.accept': { target: 'enrolling' },
        'biometric.decline': { target: 'confirmed', actions: 'clearCode' },
      },
    },
    enrolling: {
      description: 'Accepted: biometrics are turned on for this device with the passcode just confirmed.',
      tags: ['biometricOffer', 'busy'],
      invoke: {
        id: 'enrolBiometric',
        src: 'enrolBiometric',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'confirmed', actions: ['acceptBiometric', 'clearCode'] },
        onError: {
          target: 'confirmed',
          actions: ['clearCode', { type: 'setError', params: { error: 'biometric_enrol_failed' } }],
        },
      },
    },
    confirmed: {
      tags: ['done'],
      type: 'final',
    },
  },
  output: ({ context }) => ({ token: context.token ?? '', enableBiometric: context.enableBiometric }),
});
