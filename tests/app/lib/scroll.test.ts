import { describe, expect, it } from 'vitest';
import { shouldResetScroll, shouldRestoreScroll } from '../../../src/app/lib/scroll.ts';

describe('the scroll rule', () => {
  it('restores the position on back, forward and go', () => {
    expect(shouldRestoreScroll('BACK', {})).toBe(true);
    expect(shouldRestoreScroll('FORWARD', {})).toBe(true);
    expect(shouldRestoreScroll('GO', {})).toBe(true);
  });

  it('restores the position when the navigation state asks for it', () => {
    expect(shouldRestoreScroll('PUSH', { restoreScroll: true })).toBe(true);
  });

  it('does not restore on an ordinary navigation', () => {
    expect(shouldRestoreScroll('PUSH', {})).toBe(false);
    expect(shouldRestoreScroll('REPLACE', { restoreScroll: false })).toBe(false);
    expect(shouldRestoreScroll(null, {})).toBe(false);
  });

  it('resets to the top only when moving to another path without restoring', () => {
    expect(shouldResetScroll(false, '/', '/account')).toBe(true);
    expect(shouldResetScroll(true, '/', '/account')).toBe(false);
    expect(shouldResetScroll(false, '/account', '/account')).toBe(false);
    expect(shouldResetScroll(false, null, '/')).toBe(false);
  });
});
