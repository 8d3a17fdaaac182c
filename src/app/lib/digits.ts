/**
 * Pure helpers for digit entry: the passcode keypad (4 digits) and the e-mail code boxes
 * (6 digits). The entered digits are a plain string of ASCII digits ("0".."9"), never longer
 * than the code; machines keep it in their context, views only render it.
 */

export type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

export const digits: readonly Digit[] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

export function isDigit(value: string): value is Digit {
  return value.length === 1 && value >= '0' && value <= '9';
}

/** Keeps only the ASCII digits of `text`: "12-34 56x" → "123456". */
export function onlyDigits(text: string): string {
  return text.replace(/[^0-9]/g, '');
}

/** `current` with one more digit, unless it is already `length` long or `digit` is not a digit. */
export function appendDigit(current: string, digit: string, length: number): string {
  if (!isDigit(digit) || current.length >= length) return current;
  return current + digit;
}

/** `current` without its last digit ("" stays ""). */
export function eraseDigit(current: string): string {
  return current.slice(0, -1);
}

/**
 * What pasting (or an autofilled code) makes of the boxes: only the digits of `pasted` count.
 * A whole code (at least `length` digits) replaces what was there, so pasting the code from the
 * mail over a half-typed one just works; a shorter piece continues the digits already entered.
 * The result is never longer than `length`.
 */
export function fillCode(current: string, pasted: string, length: number): string {
  const incoming = onlyDigits(pasted);
  if (incoming.length >= length) return incoming.slice(0, length);
  return (onlyDigits(current) + incoming).slice(0, length);
}

/**
 * The digit a physical key stands for: the digit row and the numeric keypad ("Numpad7" counts
 * with Num Lock off too); null for any other key.
 */
export function digitOfKey(key: string, code: string): Digit | null {
  if (isDigit(key)) return key;
  const numpad = /^Numpad([0-9])$/.exec(code)?.[1];
  return numpad !== undefined && isDigit(numpad) ? numpad : null;
}
