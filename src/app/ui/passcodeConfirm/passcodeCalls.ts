import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ConfirmPasscodeInput } from '../../../../machines/passcodeConfirm.machine.ts';
import { securityEndpoints } from '../../../contract/security.ts';
import { call } from '../../api/call.ts';
import { toApiError } from '../../api/errors.ts';
import { deviceId } from '../../lib/deviceId.ts';
import { attemptsLeftFrom, waitSecondsOf } from '../../lib/securityMessages.ts';
import type { Platform } from '../../platform/types.ts';
import { freshHash } from './passcodeConfirm.ts';

/**
 * The calls behind a passcode confirmation (passcodeConfirm.ts says what each does). A module of
 * their own, loaded with the passcode step (`loadPasscodeCalls`): they bring the security contract
 * and its messages, which a screen that only provides the machine (withdraw) does not need before
 * it paints.
 */

/**
 * What a security call threw, as the passcode machines read it: the status, a 429's seconds and
 * a refused passcode's attempts left (each only when the answer says).
 */
export function toSecurityFailure(thrown: unknown): { status: number | null; seconds?: number; attemptsLeft?: number } {
  const status = toApiError(thrown)?.code ?? null;
  const seconds = waitSecondsOf(thrown);
  const attemptsLeft = attemptsLeftFrom(thrown);
  return {
    status,
    ...(seconds === null ? {} : { seconds }),
    ...(attemptsLeft === null ? {} : { attemptsLeft }),
  };
}

export async function confirmPasscode(input: ConfirmPasscodeInput, signal: AbortSignal): Promise<string> {
  try {
    const answer = await call(securityEndpoints.passCodeToken, { body: input, signal });
    return answer.token;
  } catch (thrown) {
    throw toSecurityFailure(thrown);
  }
}

export async function authenticateBiometric(
  platform: Platform,
  input: { transactionType: ConfirmPasscodeInput['transactionType']; hash: string },
  signal: AbortSignal,
): Promise<string | null> {
  if (!platform.biometry) throw new Error('Biometrics are not available here');
  const token = await platform.biometry.authenticate(i18n._(msg`Confirm the operation`));
  if (token === null) return null;
  try {
    const answer = await call(securityEndpoints.biometricToken, {
      body: { deviceId: deviceId(), token, ...input },
      signal,
    });
    return answer.token;
  } catch (thrown) {
    throw toSecurityFailure(thrown);
  }
}

export async function enrolBiometric(platform: Platform, code: string, signal: AbortSignal): Promise<void> {
  const biometry = platform.biometry;
  if (!biometry) throw new Error('Biometrics are not available here');
  const access = (await biometry.accessGranted()) || (await biometry.requestAccess());
  if (!access) throw new Error('Access to biometrics was refused');
  const confirmation = await call(securityEndpoints.passCodeToken, {
    body: { code, transactionType: 'addBiometric', hash: freshHash() },
    signal,
  });
  const added = await call(securityEndpoints.addBiometric, {
    body: { deviceId: deviceId(), passCodeConfirmationToken: confirmation.token },
    signal,
  });
  if (!(await biometry.storeToken(added.token))) throw new Error('The biometric token was not stored');
}
