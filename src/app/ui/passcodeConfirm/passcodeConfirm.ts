import { useQuery } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { BiometricSuggestionFacts } from '../../../../machines/passcode/rules.ts';
import {
  type ConfirmPasscodeInput,
  type PasscodeConfirmInput,
  passcodeConfirmMachine,
} from '../../../../machines/passcodeConfirm.machine.ts';
import type { SecurityInfo } from '../../../contract/security-info.ts';
import type { Platform } from '../../platform/types.ts';

/**
 * The passcode-confirm machine (machines/passcodeConfirm.machine.ts) wired to the app.
 *
 * - `confirmPasscode`: `POST /security/pass-code/token {code, transactionType, hash}` → the
 *   confirmation token.
 * - `authenticateBiometric`: the messenger's biometric prompt (`platform.biometry.authenticate`)
 *   gives the biometric token stored on this device, which `POST /security/biometric/token
 *   {deviceId, token, transactionType, hash}` exchanges for the confirmation token; a cancelled
 *   prompt answers null (back to the keypad, no message), any other failure rejects (the
 *   machine shows the default biometric error, "Failed to verify biometric").
 * - `enrolBiometric` (the offer accepted): access to the device's biometrics (asked for when not
 *   yet granted), `POST /security/pass-code/token` with the passcode just typed for
 *   `addBiometric` and a fresh hash, `POST /security/biometric {deviceId, passCodeConfirmationToken}`,
 *   then the biometric token stored in the messenger's secure storage; any step failing rejects.
 * - `errorHaptics`: `platform.haptic('error')` (6.1+, nothing on the web).
 * - `rememberSuggestion`: today's date (ISO) in local storage under `biometricSuggestedKey`.
 *
 * Every call rejects with `{ status, seconds? }` (the status, null without an answer; the 429's
 * `data.seconds`), which is what the machine's `classifySecurityFailure` reads. The calls are in
 * passcodeCalls.ts, loaded with the passcode step (`loadPasscodeCalls`).
 */

/** Local storage: when biometrics were last suggested (spec 001 s.3 "Local storage"). */
export const biometricSuggestedKey = 'kopilka.biometricSuggestedAt';

/** A fresh operation hash for a confirmation token that is not bound to an order (addBiometric). */
export function freshHash(): string {
  return crypto.randomUUID().replaceAll('-', '');
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
 * from the platform; whether the device's biometrics can be used (`useBiometricsAvailable`); the
 * server's `biometric` flag for this device; the stored date of the last suggestion.
 */
export function biometricFacts(
  platform: Platform,
  info: SecurityInfo,
  storage: Storage | null,
  available: boolean,
): BiometricSuggestionFacts {
  return {
    inMessenger: platform.kind === 'mini-app',
    version: platform.messenger?.version ?? null,
    available,
    enabled: info.biometric,
    lastSuggested: readStorage(storage, biometricSuggestedKey),
  };
}

/**
 * Whether the device has biometrics the messenger can use: false on the web and below 7.2, and
 * when the messenger has not answered within a second (platform/telegramSession.ts); null while
 * asking, so a screen that needs the answer waits at most that second.
 */
export function useBiometricsAvailable(platform: Platform): boolean | null {
  const biometry = platform.capabilities.biometrics ? platform.biometry : undefined;
  const query = useQuery({
    queryKey: ['platform', 'biometry', 'available'],
    queryFn: () => biometry?.isAvailable() ?? Promise.resolve(false),
    enabled: biometry !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { public: true },
  });
  if (biometry === undefined) return false;
  if (query.isError) return false;
  return query.isPending ? null : query.data === true;
}

/** The machine's input for a confirmation of `hash` on this device, now. */
export function confirmInput(
  device: { platform: Platform; storage: Storage | null; biometricsAvailable: boolean },
  info: SecurityInfo,
  transactionType: PasscodeConfirmInput['transactionType'],
  hash: string,
  now: number,
): PasscodeConfirmInput {
  const input: PasscodeConfirmInput = {
    transactionType,
    hash,
    biometric: biometricFacts(device.platform, info, device.storage, device.biometricsAvailable),
    now,
  };
  return info.lockSeconds !== null && info.lockSeconds > 0 ? { ...input, unlockIn: info.lockSeconds } : input;
}

/**
 * The calls (passcodeCalls.ts), loaded with the passcode step: its view starts the download when it
 * shows, and a call waits for it if it has not arrived yet.
 */
export const loadPasscodeCalls = () => import('./passcodeCalls.ts');

export function providePasscodeConfirm(platform: Platform, storage: Storage | null, now: () => number = Date.now) {
  return passcodeConfirmMachine.provide({
    actors: {
      confirmPasscode: fromPromise<string, ConfirmPasscodeInput>(async ({ input, signal }) =>
        (await loadPasscodeCalls()).confirmPasscode(input, signal),
      ),
      authenticateBiometric: fromPromise<
        string | null,
        { transactionType: ConfirmPasscodeInput['transactionType']; hash: string }
      >(async ({ input, signal }) => (await loadPasscodeCalls()).authenticateBiometric(platform, input, signal)),
      enrolBiometric: fromPromise<void, { code: string }>(async ({ input, signal }) =>
        (await loadPasscodeCalls()).enrolBiometric(platform, input.code, signal),
      ),
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
