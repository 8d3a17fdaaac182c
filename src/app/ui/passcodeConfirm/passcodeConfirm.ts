import { fromPromise } from 'xstate';
import type { BiometricSuggestionFacts } from '../../../../machines/passcode/rules.ts';
import {
  type ConfirmPasscodeInput,
  type PasscodeConfirmInput,
  passcodeConfirmMachine,
} from '../../../../machines/passcodeConfirm.machine.ts';
import { type SecurityInfo, securityEndpoints } from '../../../contract/security.ts';
import { call } from '../../api/call.ts';
import { toApiError } from '../../api/errors.ts';
import { waitSecondsOf } from '../../lib/securityMessages.ts';
import type { Platform } from '../../platform/types.ts';

/**
 * The passcode-confirm machine (machines/passcodeConfirm.machine.ts) wired to the app.
 *
 * - `confirmPasscode`: `POST /security/pass-code/token {code, transactionType, hash}` → the
 *   confirmation token.
 * - `authenticateBiometric`: the platform has no biometric methods yet (platform/types.ts), so
 *   biometrics are reported unavailable (`available: false`) and the machine never starts this
 *   actor; it answers "cancelled" (null) should it ever be asked.
 * - `errorHaptics`: `platform.haptic('error')` (6.1+, nothing on the web).
 * - `rememberSuggestion`: today's date (ISO) in local storage under `biometricSuggestedKey`.
 *
 * Every call rejects with `{ status, seconds? }` (the status, null without an answer; the 429's
 * `data.seconds`), which is what the machine's `classifySecurityFailure` reads.
 */

/** Local storage: when biometrics were last suggested (spec 001 s.3 "Local storage"). */
export const biometricSuggestedKey = 'kopilka.biometricSuggestedAt';

/** What a security call threw, as the passcode machines read it. */
export function toSecurityFailure(thrown: unknown): { status: number | null; seconds?: number } {
  const status = toApiError(thrown)?.code ?? null;
  const seconds = waitSecondsOf(thrown);
  return seconds === null ? { status } : { status, seconds };
}

export function storageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readStorage(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * What the suggestion rule needs to know about biometrics: inside the messenger and its version
 * from the platform; `available` false until the platform can reach the device's biometrics; the
 * server's `biometric` flag for this device; the stored date of the last suggestion.
 */
export function biometricFacts(
  platform: Platform,
  info: SecurityInfo,
  storage: Storage | null,
): BiometricSuggestionFacts {
  return {
    inMessenger: platform.kind === 'mini-app',
    version: platform.messenger?.version ?? null,
    available: false,
    enabled: info.biometric,
    lastSuggested: readStorage(storage, biometricSuggestedKey),
  };
}

/** The machine's input for a confirmation of `hash` on this device, now. */
export function confirmInput(
  platform: Platform,
  info: SecurityInfo,
  storage: Storage | null,
  transactionType: PasscodeConfirmInput['transactionType'],
  hash: string,
  now: number,
): PasscodeConfirmInput {
  const input: PasscodeConfirmInput = {
    transactionType,
    hash,
    biometric: biometricFacts(platform, info, storage),
    now,
  };
  return info.lockSeconds !== null && info.lockSeconds > 0 ? { ...input, unlockIn: info.lockSeconds } : input;
}

export function providePasscodeConfirm(platform: Platform, storage: Storage | null, now: () => number = Date.now) {
  return passcodeConfirmMachine.provide({
    actors: {
      confirmPasscode: fromPromise<string, ConfirmPasscodeInput>(async ({ input, signal }) => {
        try {
          const answer = await call(securityEndpoints.passCodeToken, { body: input, signal });
          return answer.token;
        } catch (thrown) {
          throw toSecurityFailure(thrown);
        }
      }),
      authenticateBiometric: fromPromise<
        string | null,
        { transactionType: ConfirmPasscodeInput['transactionType']; hash: string }
      >(async () => null),
    },
    actions: {
      errorHaptics: () => platform.haptic('error'),
      rememberSuggestion: () => {
        try {
          storage?.setItem(biometricSuggestedKey, new Date(now()).toISOString());
        } catch {
          // Storage full or off: the offer may simply come again.
        }
      },
    },
  });
}

export type ProvidedPasscodeConfirm = ReturnType<typeof providePasscodeConfirm>;
