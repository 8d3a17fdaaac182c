import { describe, expect, it } from 'vitest';
import { appendDigit, digitOfKey, eraseDigit, fillCode, isDigit, onlyDigits } from '../../../src/app/lib/digits.ts';

describe('onlyDigits', () => {
  it.each([
    ['', ''],
    ['123456', '123456'],
    ['12-34 56x', '123456'],
    [' 1 2 3 ', '123'],
    ['code: 0042', '0042'],
    ['abc', ''],
    ['１２３', ''], // full-width digits are not ASCII digits
    ['٣4', '4'],
  ])('%j → %j', (text, expected) => {
    expect(onlyDigits(text)).toBe(expected);
  });
});

describe('isDigit', () => {
  it.each([
    ['0', true],
    ['9', true],
    ['a', false],
    ['', false],
    ['12', false],
    [' ', false],
  ])('%j → %s', (value, expected) => {
    expect(isDigit(value)).toBe(expected);
  });
});

describe('appendDigit', () => {
  it.each([
    ['', '1', 4, '1'],
    ['12', '3', 4, '123'],
    ['123', '0', 4, '1230'],
    ['1234', '5', 4, '1234'],
    ['12345', '6', 6, '123456'],
    ['12', 'x', 4, '12'],
    ['12', '34', 4, '12'],
    ['12', '', 4, '12'],
  ])('appendDigit(%j, %j, %i) → %j', (current, digit, length, expected) => {
    expect(appendDigit(current, digit, length)).toBe(expected);
  });
});

describe('eraseDigit', () => {
  it.each([
    ['', ''],
    ['1', ''],
    ['1234', '123'],
  ])('eraseDigit(%j) → %j', (current, expected) => {
    expect(eraseDigit(current)).toBe(expected);
  });
});

describe('fillCode', () => {
  it.each([
    ['', '12-34 56x', 6, '123456'],
    ['', '123456789', 6, '123456'],
    ['', '12 34', 6, '1234'],
    ['12', '34', 6, '1234'],
    ['1234', '5678', 6, '123456'],
    ['99', '123456', 6, '123456'], // a whole code replaces a half-typed one
    ['123456', '7', 6, '123456'],
    ['12', 'abc', 6, '12'],
    ['', '', 6, ''],
    ['', '98765', 4, '9876'],
  ])('fillCode(%j, %j, %i) → %j', (current, pasted, length, expected) => {
    expect(fillCode(current, pasted, length)).toBe(expected);
  });
});

describe('digitOfKey', () => {
  it.each([
    ['5', 'Digit5', '5'],
    ['0', 'Digit0', '0'],
    ['7', 'Numpad7', '7'],
    ['Home', 'Numpad7', '7'], // Num Lock off
    ['!', 'Digit1', null],
    ['a', 'KeyA', null],
    ['Backspace', 'Backspace', null],
    ['Enter', 'NumpadEnter', null],
    ['+', 'NumpadAdd', null],
  ])('key %j, code %j → %j', (key, code, expected) => {
    expect(digitOfKey(key, code)).toBe(expected);
  });
});
