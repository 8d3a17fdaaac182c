import { describe, expect, it } from 'vitest';
import { isHarmlessError } from '../../../src/app/lib/harmlessErrors.ts';

function named(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('harmless errors', () => {
  it.each([
    ['the ResizeObserver loop limit', new Error('ResizeObserver loop limit exceeded')],
    [
      'undelivered ResizeObserver notifications',
      new Error('ResizeObserver loop completed with undelivered notifications.'),
    ],
    ['a cross-origin "Script error."', 'Script error.'],
    ['an aborted request', new DOMException('The user aborted a request.', 'AbortError')],
    ['a cancelled SDK request', named('CancelledError', 'Promise was canceled')],
    [
      'an unsupported messenger method',
      named('MethodUnsupportedError', 'Method "web_app_open_popup" is unsupported in Mini Apps version 6.0'),
    ],
    ['WebAppMethodUnsupported from the messenger', new Error('WebAppMethodUnsupported')],
    ['a popup already open', new Error('WebAppPopupOpened')],
    [
      'an extension failing',
      Object.assign(new Error('boom'), { stack: 'Error: boom\n    at chrome-extension://abcdef/inject.js:1:1' }),
    ],
    ['a wallet extension redefining ethereum', new TypeError('Cannot redefine property: ethereum')],
  ])('include %s', (_, error) => {
    expect(isHarmlessError(error)).toBe(true);
  });

  it.each([
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'amount')")],
    ['a failed render', new Error('Deliberate failure from /clown')],
    ['a missing chunk after a release', new TypeError('Failed to fetch dynamically imported module: /assets/x.js')],
    ['nothing at all', undefined],
  ])('exclude %s', (_, error) => {
    expect(isHarmlessError(error)).toBe(false);
  });
});
