/** Table tests of the passcode machines' pure rules (machines/passcode/rules.ts). */
import { describe, expect, it } from 'vitest';
import {
  appendDigit,
  BIOMETRIC_SUGGESTION_INTERVAL_MS,
  biometricsUsable,
  classifySecurityFailure,
  emailProblem,
  eraseDigit,
  formatCountdown,
  normalizeEmail,
  pasteDigits,
  resendDisabled,
  shouldSuggestBiometric,
  versionAtLeast,
  wantsErrorHaptics,
} from '../../machines/passcode/rules.ts';

describe('code input', () => {
  it.each([
    ['', '1', 4, '1'],
    ['123', '4', 4, '1234'],
    ['1234', '5', 4, '1234'],
    ['12', 'a', 4, '12'],
    ['12', '12', 4, '12'],
    ['12345', '6', 6, '123456'],
  ])('appends to %j the digit %j (length %i): %j', (code, digit, length, expected) => {
    expect(appendDigit(code, digit, length)).toBe(expected);
  });

  it.each([
    ['123', '12'],
    ['', ''],
  ])('erases from %j: %j', (code, expected) => {
    expect(eraseDigit(code)).toBe(expected);
  });

  it.each([
    ['12 34', 4, '1234'],
    ['1-2-3-4-5-6', 4, '1234'],
    ['code: 987 654', 6, '987654'],
    ['abc', 6, ''],
    ['٣4', 4, '4'],
  ])('pasting %j keeps the digits (length %i): %j', (text, length, expected) => {
    expect(pasteDigits(text, length)).toBe(expected);
  });
});

describe('backup e-mail', () => {
  it.each([
    ['  Ada@Example.COM ', 'ada@example.com', null],
    ['', '', 'required'],
    ['   ', '', 'required'],
    ['ada@example', 'ada@example', 'format'],
    ['ada example@x.io', 'ada example@x.io', 'format'],
    ['a@b.co', 'a@b.co', null],
  ])('%j is normalised to %j with problem %j', (text, normalised, problem) => {
    expect(normalizeEmail(text)).toBe(normalised);
    expect(emailProblem(text)).toBe(problem);
  });
});

describe('countdown formatting', () => {
  it.each([
    [0, '00:00:00'],
    [1, '00:00:01'],
    [59, '00:00:59'],
    [60, '00:01:00'],
    [3599, '00:59:59'],
    [3600, '01:00:00'],
    [86_399, '23:59:59'],
    [90_000, '25:00:00'],
    [1.2, '00:00:02'],
    [-3, '00:00:00'],
    [Number.NaN, '00:00:00'],
  ])('%d s reads %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

describe('versions and biometric support', () => {
  it.each([
    ['7.2', true],
    ['7.10', true],
    ['8.0', true],
    ['7.1', false],
    ['6.9', false],
    ['7', false],
    ['', false],
    [null, false],
    ['x.y', false],
  ])('version %j is at least 7.2: %s', (version, expected) => {
    expect(versionAtLeast(version, '7.2')).toBe(expected);
  });

  it.each([
    [{ inMessenger: true, version: '7.2', available: true }, true],
    [{ inMessenger: false, version: '7.2', available: true }, false],
    [{ inMessenger: true, version: '7.1', available: true }, false],
    [{ inMessenger: true, version: '7.2', available: false }, false],
  ])('%j can use biometrics: %s', (support, expected) => {
    expect(biometricsUsable(support)).toBe(expected);
  });
});

describe('biometric suggestion rule', () => {
  const now = Date.UTC(2026, 0, 15, 12);
  const usable = { inMessenger: true, version: '7.2', available: true, enabled: false };
  const iso = (ms: number) => new Date(ms).toISOString();
  it.each([
    ['never suggested', { ...usable, lastSuggested: null }, true],
    ['stored empty', { ...usable, lastSuggested: '' }, true],
    ['an unreadable date', { ...usable, lastSuggested: 'yesterday-ish' }, true],
    ['a date in the future', { ...usable, lastSuggested: iso(now + 60_000) }, true],
    ['over a month ago', { ...usable, lastSuggested: iso(now - BIOMETRIC_SUGGESTION_INTERVAL_MS - 1) }, true],
    ['exactly a month ago', { ...usable, lastSuggested: iso(now - BIOMETRIC_SUGGESTION_INTERVAL_MS) }, false],
    ['a week ago', { ...usable, lastSuggested: iso(now - 7 * 86_400_000) }, false],
    ['already enabled', { ...usable, enabled: true, lastSuggested: null }, false],
    ['not available', { ...usable, available: false, lastSuggested: null }, false],
    ['an old messenger', { ...usable, version: '7.0', lastSuggested: null }, false],
    ['the web', { ...usable, inMessenger: false, lastSuggested: null }, false],
  ])('%s: %s', (_, facts, expected) => {
    expect(shouldSuggestBiometric(facts, now)).toBe(expected);
  });
});

describe('security failures', () => {
  it.each([
    [{ status: 403 }, { kind: 'forbidden' }, true],
    [{ status: 404 }, { kind: 'notFound' }, false],
    [{ status: 409 }, { kind: 'conflict' }, false],
    [{ status: 429, seconds: 30 }, { kind: 'locked', seconds: 30 }, true],
    [{ status: 429, seconds: 0.5 }, { kind: 'locked', seconds: 1 }, true],
    [{ status: 429, seconds: 0 }, { kind: 'tooMany' }, true],
    [{ status: 429, seconds: '30' }, { kind: 'tooMany' }, true],
    [{ status: 429 }, { kind: 'tooMany' }, true],
    [{ status: 500 }, { kind: 'failed' }, false],
    [{ status: null }, { kind: 'failed' }, false],
    [new Error('boom'), { kind: 'failed' }, false],
    [null, { kind: 'failed' }, false],
  ])('%j is %j (error haptics: %s)', (error, failure, haptics) => {
    expect(classifySecurityFailure(error)).toEqual(failure);
    expect(wantsErrorHaptics(classifySecurityFailure(error))).toBe(haptics);
  });

  it.each([
    [0, false, false],
    [1, false, true],
    [0, true, true],
    [42, true, true],
  ])('resend with %i s left and the keypad locked=%s is disabled: %s', (seconds, locked, disabled) => {
    expect(resendDisabled(seconds, locked)).toBe(disabled);
  });
});
