import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ChangePasscodeError } from '../../../machines/changePasscode.machine.ts';
import { attemptsLeftOf } from '../../../machines/passcode/rules.ts';
import type { PasscodeConfirmError } from '../../../machines/passcodeConfirm.machine.ts';
import type { SetPasscodeError } from '../../../machines/setPasscode.machine.ts';
import { toApiError } from '../api/errors.ts';

/**
 * The error texts of the security flows (spec 001 s.8), as Lingui messages (render with
 * `i18n._(…)` or `t(…)`). Two ways in:
 *
 * - a machine's typed error (`context.error` of setPasscode, changePasscode, passcodeConfirm):
 *   `machineErrorMessage(error)`;
 * - what a call threw, for screens that call the server without a machine (the e-mail change,
 *   biometrics off): `callErrorMessage(call, thrown)`, by the server's stable code, then by
 *   status, then the call's default (the spec's fallback texts).
 *
 * A 403 on a code or passcode check shows no message (spec s.8): `callErrorMessage` answers null
 * for it, and the machines set no error. `noResponse` is for a call that got no answer.
 */

export type SecurityMachineError = SetPasscodeError | ChangePasscodeError | PasscodeConfirmError;

const machineMessages: Record<SecurityMachineError, MessageDescriptor> = {
  required: msg`Enter an e-mail address`,
  format: msg`This doesn’t look like an e-mail address`,
  email_taken: msg`This e-mail is already used by another account`,
  send_failed: msg`Failed to send code to email`,
  code_not_found: msg`This code has expired. Ask for a new one.`,
  confirm_failed: msg`Failed to confirm email`,
  too_many_attempts: msg`Too many attempts. Contact support.`,
  set_failed: msg`Failed to set passcode`,
  biometric_failed: msg`Failed to add biometric`,
  biometric_enrol_failed: msg`Failed to add biometric`,
  verify_failed: msg`Failed to verify confirmation code`,
  restore_failed: msg`Failed to restore passcode`,
  not_found: msg`No passcode is set yet`,
  failed: msg`Couldn’t check the passcode. Try again.`,
};

export function machineErrorMessage(error: SecurityMachineError): MessageDescriptor {
  return machineMessages[error];
}

/** The security calls by the spec's names (s.8), each with its own map and default. */
export type SecurityCall =
  | 'confirm-email'
  | 'send-email-code'
  | 'verify-email-code'
  | 'verify-email'
  | 'change-email'
  | 'verify-passcode'
  | 'forgot-passcode'
  | 'set-passcode'
  | 'add-biometric'
  | 'verify-biometric'
  | 'remove-biometric';

const defaults: Record<SecurityCall, MessageDescriptor> = {
  'confirm-email': msg`Failed to confirm email`,
  'send-email-code': msg`Failed to send code to email`,
  'verify-email-code': msg`Failed to verify confirmation code`,
  'verify-email': msg`Failed to send code to email`,
  'change-email': msg`Failed to send code to email`,
  'verify-passcode': msg`Couldn’t check the passcode. Try again.`,
  'forgot-passcode': msg`Failed to restore passcode`,
  'set-passcode': msg`Failed to set passcode`,
  'add-biometric': msg`Failed to add biometric`,
  'verify-biometric': msg`Failed to verify biometric`,
  'remove-biometric': msg`Couldn’t turn biometrics off`,
};

/** The server's stable codes (docs/security.md) that have a text of their own. */
const byServerCode: Readonly<Record<string, MessageDescriptor>> = {
  email_in_use: msg`This e-mail is already used by another account`,
  email_already_confirmed: msg`This e-mail is already confirmed`,
  code_not_found: msg`This code has expired. Ask for a new one.`,
  pass_code_not_set: msg`No passcode is set yet`,
  pass_code_already_set: msg`A passcode is already set`,
  email_not_confirmed: msg`Confirm your backup e-mail first`,
  email_not_set: msg`Add a backup e-mail first`,
  resend_too_soon: msg`Wait a little before asking for a new code`,
  too_many_attempts: msg`Too many attempts. Try again later.`,
  attempts_exhausted: msg`Too many attempts. Contact support.`,
  biometric_not_found: msg`Biometrics are off on this device`,
};

/** Statuses each call's map knows (spec 001 s.8); anything else is the call's default. */
const knownStatuses: Record<SecurityCall, readonly number[]> = {
  'confirm-email': [403, 404, 409, 429],
  'send-email-code': [429],
  'verify-email-code': [403, 404, 429],
  'verify-email': [409, 429],
  'change-email': [409, 429],
  'verify-passcode': [403, 404, 429],
  'forgot-passcode': [],
  'set-passcode': [],
  'add-biometric': [],
  'verify-biometric': [404],
  'remove-biometric': [],
};

/** Null when nothing is to be shown: a 403 on a code or passcode check (the input is cleared instead). */
export function callErrorMessage(call: SecurityCall, thrown: unknown): MessageDescriptor | null {
  const error = toApiError(thrown);
  if (error === null) return defaults[call];
  if (!knownStatuses[call].includes(error.code)) return defaults[call];
  if (error.code === 403) return null;
  const own = error.reason === null ? undefined : byServerCode[error.reason];
  return own ?? defaults[call];
}

/** The seconds of a 429 (`data.seconds`), or null. */
/** A refused passcode's `data.attemptsLeft` (the server's count of attempts left today), or null. */
export function attemptsLeftFrom(thrown: unknown): number | null {
  return attemptsLeftOf(toApiError(thrown)?.data);
}

export function waitSecondsOf(thrown: unknown): number | null {
  const data: unknown = toApiError(thrown)?.data;
  if (typeof data !== 'object' || data === null) return null;
  const seconds: unknown = Reflect.get(data, 'seconds');
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}
