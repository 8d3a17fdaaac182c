import { fromPromise } from 'xstate';
import { type ConfirmPasscodeInput, passcodeConfirmMachine } from '../../../../machines/passcodeConfirm.machine.ts';
import type { Platform } from '../../platform/types.ts';
import { biometricSuggestedKey } from './passcodeDevice.ts';

// The device's facts are in passcodeDevice.ts; the screens that start a confirmation at once take
// them from here with the machine.
export {
  biometricFacts,
  biometricSuggestedKey,
  confirmInput,
  storageOrNull,
  useBiometricsAvailable,
} from './passcodeDevice.ts';

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

/** A fresh operation hash for a confirmation token that is not bound to an order (addBiometric). */
export function freshHash(): string {
  return crypto.randomUUID().replaceAll('-', '');
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
