/**
 * Pure rules shared by the passcode machines (spec 001 s.4, s.5, s.8, s.9). No I/O, no clock:
 * callers pass `now`.
 */

/** Spec 001 s.9. */
export const PASSCODE_LENGTH = 4;
export const EMAIL_CODE_LENGTH = 6;
export const RESEND_WAIT_MS = 60_000;
export const SETTINGS_POLL_MS = 5000;
export const BIOMETRIC_AUTOSTART_MS = 300;
export const BIOMETRIC_MIN_VERSION = '7.2';
/** "Once a month": 30 days. */
export const BIOMETRIC_SUGGESTION_INTERVAL_MS = 30 * 24 * 60 * 60 * 1000;

/** Transaction types seen in passcode calls (spec 001 s.3). */
export type PasscodeTransactionType =
  | 'p2p'
  | 'p2c_qr'
  | 'addBiometric'
  | 'changePassCode'
  | 'withdraw'
  | 'change_email';

/** Appends a digit when there is room; anything that is not one digit is ignored. */
export function appendDigit(code: string, digit: string, length: number): string {
  if (!/^\d$/.test(digit) || code.length >= length) return code;
  return code + digit;
}

export function eraseDigit(code: string): string {
  return code.slice(0, -1);
}

/** Pasting keeps only the digits and fills the boxes from the start (spec 001 s.5). */
export function pasteDigits(text: string, length: number): string {
  return text.replace(/\D/g, '').slice(0, length);
}

/** Backup e-mail input: lowercased and trimmed (spec 001 s.5). */
export function normalizeEmail(text: string): string {
  return text.trim().toLowerCase();
}

export type EmailProblem = 'required' | 'format';

/** Spec 001 s.5: trimmed; required; a basic e-mail pattern. Null when valid. */
export function emailProblem(text: string): EmailProblem | null {
  const email = normalizeEmail(text);
  if (email === '') return 'required';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? null : 'format';
}

/** A countdown as hh:mm:ss (spec 001 s.4 lockout); negatives and fractions round to whole seconds ≥ 0. */
export function formatCountdown(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':');
}

/** Compares dotted versions numerically ("7.10" is above "7.2"). */
export function versionAtLeast(version: string | null | undefined, minimum: string): boolean {
  if (version === null || version === undefined || version === '') return false;
  const have = version.split('.').map((part) => Number.parseInt(part, 10));
  const need = minimum.split('.').map((part) => Number.parseInt(part, 10));
  if (have.some((part) => Number.isNaN(part))) return false;
  for (let index = 0; index < Math.max(have.length, need.length); index += 1) {
    const a = have[index] ?? 0;
    const b = need[index] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

export interface BiometricSupport {
  /** Inside the messenger (biometrics do not exist on the web). */
  inMessenger: boolean;
  /** The messenger's version, e.g. "7.10". */
  version: string | null;
  /** The device reports biometrics available. */
  available: boolean;
}

/** Spec 001 s.4: the biometric stage needs the messenger at 7.2 or later with biometrics available. */
export function biometricsUsable(support: BiometricSupport): boolean {
  return support.inMessenger && support.available && versionAtLeast(support.version, BIOMETRIC_MIN_VERSION);
}

export interface BiometricSuggestionFacts extends BiometricSupport {
  /** Biometrics are already enabled for this user. */
  enabled: boolean;
  /** What local storage holds: the date biometrics were last suggested, as stored (ISO text), or null. */
  lastSuggested: string | null;
}

/**
 * Spec 001 s.4: after a confirmed passcode, offer biometrics when they are allowed and available,
 * not yet enabled, and the last suggestion was never, unreadable, in the future or over a month ago.
 */
export function shouldSuggestBiometric(facts: BiometricSuggestionFacts, now: number): boolean {
  if (!biometricsUsable(facts) || facts.enabled) return false;
  if (facts.lastSuggested === null || facts.lastSuggested === '') return true;
  const last = Date.parse(facts.lastSuggested);
  if (Number.isNaN(last)) return true;
  if (last > now) return true;
  return now - last > BIOMETRIC_SUGGESTION_INTERVAL_MS;
}

/**
 * What a security call failed with, as the machines see it: `forbidden` (403: no message, the
 * input is cleared), `notFound` (404), `conflict` (409), `locked` (429 with a seconds count),
 * `tooMany` (429 without one), `failed` (anything else, including no response).
 */
export type SecurityFailure =
  | { kind: 'forbidden' }
  | { kind: 'notFound' }
  | { kind: 'conflict' }
  | { kind: 'locked'; seconds: number }
  | { kind: 'tooMany' }
  | { kind: 'failed' };

/**
 * Reads what a security actor rejected with: `{ status, seconds? }` (the app's normalised API
 * error; `seconds` from the 429 answer's data). A non-positive or unreadable seconds count on a
 * 429 counts as no count.
 */
export function classifySecurityFailure(error: unknown): SecurityFailure {
  if (typeof error !== 'object' || error === null) return { kind: 'failed' };
  const status: unknown = Reflect.get(error, 'status');
  if (status === 403) return { kind: 'forbidden' };
  if (status === 404) return { kind: 'notFound' };
  if (status === 409) return { kind: 'conflict' };
  if (status === 429) {
    const seconds: unknown = Reflect.get(error, 'seconds');
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0) {
      return { kind: 'locked', seconds: Math.ceil(seconds) };
    }
    return { kind: 'tooMany' };
  }
  return { kind: 'failed' };
}

/**
 * How many passcode attempts the server still allows today, as a refused passcode's answer says
 * (`data.attemptsLeft` of the 403, carried as `attemptsLeft`); null when it does not say.
 */
export function attemptsLeftOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const left: unknown = Reflect.get(error, 'attemptsLeft');
  return typeof left === 'number' && Number.isInteger(left) && left >= 0 ? left : null;
}

/** Spec 001 s.8: error haptics fire on 403 or 429. */
export function wantsErrorHaptics(failure: SecurityFailure): boolean {
  return failure.kind === 'forbidden' || failure.kind === 'locked' || failure.kind === 'tooMany';
}

/** Spec 001 s.4: the resend button is disabled while its countdown is above 0 or the keypad is locked. */
export function resendDisabled(resendSecondsLeft: number, keypadLocked: boolean): boolean {
  return resendSecondsLeft > 0 || keypadLocked;
}
