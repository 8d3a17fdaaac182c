import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { emailChangeMachine, type VerifyEmailInput } from '../../../../machines/emailChange.machine.ts';
import { classifySecurityFailure, wantsErrorHaptics } from '../../../../machines/passcode/rules.ts';
import { securityEndpoints } from '../../../contract/security.ts';
import { call } from '../../api/call.ts';
import { toApiError } from '../../api/errors.ts';
import { fetchSettings, refreshSecurity } from '../../api/securityQueries.ts';
import { deviceId } from '../../lib/deviceId.ts';
import { waitSecondsOf } from '../../lib/securityMessages.ts';
import type { Platform } from '../../platform/types.ts';
import { freshHash, providePasscodeConfirm } from '../../ui/passcodeConfirm/passcodeConfirm.ts';

/**
 * What a security call failed with, as the passcode machines read it (docs/passcode.md):
 * `{ status, seconds? }`, `status` null when there was no answer, `seconds` from a 429's data.
 */
export interface SecurityCallFailure {
  status: number | null;
  seconds?: number;
}

export function toSecurityFailure(thrown: unknown): SecurityCallFailure {
  const error = toApiError(thrown);
  if (error === null) return { status: null };
  const seconds = waitSecondsOf(thrown);
  return seconds === null ? { status: error.code } : { status: error.code, seconds };
}

/** Runs a call and rejects with the machines' failure shape. */
async function normalised<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (thrown) {
    throw toSecurityFailure(thrown);
  }
}

export const securityCalls = {
  /** POST /user/verify-email → the code id (with the change_email confirmations when replacing an address). */
  verifyEmail: (body: VerifyEmailInput) =>
    normalised(async () => (await call(securityEndpoints.verifyEmail, { body })).id),
  /**
   * POST /security/email-code {change_email}: a code to the current address → its id. The
   * passcode confirmation token (when a passcode is set) shows the send is the person's own.
   */
  sendChangeEmailCode: (passCodeToken: string | null) =>
    normalised(
      async () =>
        (
          await call(securityEndpoints.sendEmailCode, {
            body: {
              transactionType: 'change_email',
              ...(passCodeToken === null ? {} : { passCodeConfirmationToken: passCodeToken }),
            },
          })
        ).id,
    ),
  /** POST /security/email-code/token: the current address's code → the mail confirmation token. */
  emailCodeToken: (code: string, id: string) =>
    normalised(async () => (await call(securityEndpoints.emailCodeToken, { body: { code, id } })).token),
  /** POST /user/confirm-email. */
  confirmEmail: (code: string, id: string) =>
    normalised(async () => (await call(securityEndpoints.confirmEmail, { body: { code, id } })).result),
  /** POST /security/pass-code. */
  setPasscode: (code: string) =>
    normalised(async () => (await call(securityEndpoints.setPassCode, { body: { code } })).result),
  /** POST /security/pass-code/token for adding biometrics (a fresh hash). */
  addBiometricToken: (code: string) =>
    normalised(
      async () =>
        (
          await call(securityEndpoints.passCodeToken, {
            body: { code, transactionType: 'addBiometric', hash: freshHash() },
          })
        ).token,
    ),
  /** POST /security/biometric → the biometric token. */
  addBiometric: (passCodeConfirmationToken: string) =>
    normalised(
      async () =>
        (await call(securityEndpoints.addBiometric, { body: { deviceId: deviceId(), passCodeConfirmationToken } }))
          .token,
    ),
  /** GET /user/settings (merged into the session's settings). */
  settings: (queryClient: QueryClient, signal: AbortSignal) => normalised(() => fetchSettings(queryClient, signal)),
  /** DELETE /security/biometric?deviceId= */
  removeBiometric: () => call(securityEndpoints.removeBiometric, { query: { deviceId: deviceId() } }),
};

/**
 * The e-mail change machine with the app's calls: the passcode confirmation as the app wires it,
 * the old address's code, the new address's code; the settings and security info refresh on success.
 */
export function provideEmailChange(deps: { queryClient: QueryClient; platform: Platform; storage: Storage | null }) {
  const { queryClient, platform, storage } = deps;
  return emailChangeMachine.provide({
    actors: {
      passcodeConfirm: providePasscodeConfirm(platform, storage),
      sendOldCode: fromPromise<string, { passCodeToken: string | null }>(({ input }) =>
        securityCalls.sendChangeEmailCode(input.passCodeToken),
      ),
      verifyOldCode: fromPromise<string, { code: string; id: string }>(({ input }) =>
        securityCalls.emailCodeToken(input.code, input.id),
      ),
      verifyEmail: fromPromise<string, VerifyEmailInput>(({ input }) => securityCalls.verifyEmail(input)),
      confirmEmail: fromPromise<unknown, { code: string; id: string }>(({ input }) =>
        securityCalls.confirmEmail(input.code, input.id),
      ),
    },
    actions: {
      errorHaptics: (_, params) => {
        if (wantsErrorHaptics(classifySecurityFailure(params.error))) platform.haptic('error');
      },
      emailConfirmed: () => {
        platform.haptic('success');
        void refreshSecurity(queryClient);
      },
    },
  });
}
