/**
 * The lockout machine (spec 001 s.4 "Lockout"). Its paths and what the person sees along them
 * (the hh:mm:ss countdown, written by hand) are checked in tests/app/security/lockout.view.test.tsx;
 * here, the rules on the machine's own transitions, with literal expectations.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { lockoutMachine } from '../../machines/lockout.machine.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('lockout rules (spec 001 s.4, s.8)', () => {
  it('a 429 of 3 s is locked for exactly 3 s, one second at a time', () => {
    const actor = createActor(lockoutMachine, { input: { seconds: 3 } }).start();
    expect(actor.getSnapshot().hasTag('locked')).toBe(true);
    expect(actor.getSnapshot().context.secondsLeft).toBe(3);
    vi.advanceTimersByTime(999);
    expect(actor.getSnapshot().context.secondsLeft).toBe(3);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.secondsLeft).toBe(2);
    vi.advanceTimersByTime(1999);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    expect(actor.getSnapshot().status).toBe('active');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().hasTag('locked')).toBe(false);
  });

  it('rounds a fractional count up and treats nonsense as no lock', () => {
    expect(
      createActor(lockoutMachine, { input: { seconds: 1.2 } })
        .start()
        .getSnapshot().context.secondsLeft,
    ).toBe(2);
    expect(
      createActor(lockoutMachine, { input: { seconds: Number.NaN } })
        .start()
        .getSnapshot().status,
    ).toBe('done');
    expect(
      createActor(lockoutMachine, { input: { seconds: -5 } })
        .start()
        .getSnapshot().status,
    ).toBe('done');
    expect(
      createActor(lockoutMachine, { input: { seconds: 0 } })
        .start()
        .getSnapshot().status,
    ).toBe('done');
  });
});
