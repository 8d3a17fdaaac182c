/**
 * What the passcode machines' models share (tests/machines/support/{passcodeConfirm,setPasscode,
 * changePasscode,lockout}Model.ts): the ways a security call fails, as the app's API layer
 * normalises them (`{ status, seconds? }`), and how they read as sentences.
 */
import type { BiometricSuggestionFacts } from '../../../machines/passcode/rules.ts';
import type { ActorSettle } from './model.ts';

/** The lockout a 429 carries in the models: short, so a path can count it down. */
export const LOCK_SECONDS = 2;

export const FORBIDDEN = { status: 403 };
export const NOT_FOUND = { status: 404 };
export const CONFLICT = { status: 409 };
export const LOCKED = { status: 429, seconds: LOCK_SECONDS };
export const TOO_MANY = { status: 429 };
export const SERVER_ERROR = { status: 500 };
export const NO_RESPONSE = { status: null };

export function describeFailure(error: unknown): string {
  if (error === LOCKED) return `a 429 with ${LOCK_SECONDS} s`;
  if (error === TOO_MANY) return 'a 429 without seconds';
  if (error === NO_RESPONSE) return 'no response';
  const status: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'status') : null;
  return `a ${String(status)}`;
}

/** 2026-01-15: the models' "now". */
/** A fake's answer read as text (a code id or token); anything else reads as empty. */
export function outputText(output: unknown): string {
  return typeof output === 'string' ? output : '';
}

/** How a settled call reads in a test name. */
export function describeSettle(who: string, event: ActorSettle): string {
  if (event.type === 'actor.error') return `${who} fails with ${describeFailure(event.error)}`;
  return `${who} answers ${JSON.stringify(event.output)}`;
}

export const NOW = Date.UTC(2026, 0, 15);

export const NO_BIOMETRICS: BiometricSuggestionFacts = {
  inMessenger: false,
  version: null,
  available: false,
  enabled: false,
  lastSuggested: null,
};

export const BIOMETRICS_ENABLED: BiometricSuggestionFacts = {
  inMessenger: true,
  version: '7.10',
  available: true,
  enabled: true,
  lastSuggested: null,
};

export const BIOMETRICS_TO_SUGGEST: BiometricSuggestionFacts = {
  inMessenger: true,
  version: '7.2',
  available: true,
  enabled: false,
  lastSuggested: '2025-11-01T10:00:00.000Z',
};

/** The lockout child's seconds left, when the snapshot has one (part of the model keys). */
export function lockoutSecondsLeft(children: Record<string, unknown>): number | null {
  const child: unknown = children.lockout;
  if (typeof child !== 'object' || child === null) return null;
  const getSnapshot: unknown = Reflect.get(child, 'getSnapshot');
  if (typeof getSnapshot !== 'function') return null;
  const snapshot: unknown = Reflect.apply(getSnapshot, child, []);
  if (typeof snapshot !== 'object' || snapshot === null) return null;
  const context: unknown = Reflect.get(snapshot, 'context');
  if (typeof context !== 'object' || context === null) return null;
  const seconds: unknown = Reflect.get(context, 'secondsLeft');
  return typeof seconds === 'number' ? seconds : null;
}
