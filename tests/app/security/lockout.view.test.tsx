/**
 * The lockout countdown on screen (spec 001 s.4 "Lockout": after a 429 the keyboard hides and a
 * countdown hh:mm:ss shows; when it reaches zero the input unlocks).
 *
 * The model (tests/machines/support/lockoutModel.ts) generates the paths (time passing, tick by
 * tick) and their count is a tripwire. The system under test is the countdown as the person sees
 * it (`LockoutCountdown`, rendered on the running machine): after every step the text is checked
 * against the literal written here, and the named rules below are checked on the real machine.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { LOCKOUT_TICK_MS, lockoutMachine } from '../../../machines/lockout.machine.ts';
import { LockoutCountdown } from '../../../src/app/ui/passcodeConfirm/parts.tsx';
import { type LockoutScenario, lockoutPaths, scenarios } from '../../machines/support/lockoutModel.ts';
import { coverageOf, initialModelState } from '../../machines/support/model.ts';
import { renderWithProviders } from '../support.tsx';

const SCENARIOS: readonly LockoutScenario[] = ['a 429 with seconds', 'a 429 with zero seconds'];
const paths = Object.fromEntries(SCENARIOS.map((scenario) => [scenario, lockoutPaths(scenario)])) as Record<
  LockoutScenario,
  ReturnType<typeof lockoutPaths>
>;

/** What the countdown reads after n ticks of a 3 s lockout, written by hand. */
const SHOWN_AFTER_TICKS = ['00:00:03', '00:00:02', '00:00:01'];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function startCountdown(seconds: number) {
  const actor = createActor(lockoutMachine, { input: { seconds } }).start();
  renderWithProviders(<LockoutCountdown lockout={actor} />);
  const timer = () => screen.queryByRole('timer')?.textContent ?? null;
  return { actor, timer };
}

describe('lockout machine model', () => {
  it('has 3 paths for a 3 s lock and none for a 0 s one (a tripwire, not a check of behaviour)', () => {
    expect(SCENARIOS.map((scenario) => paths[scenario].length)).toEqual([3, 0]);
  });

  it('the paths visit every state node and take every transition', () => {
    const coverage = coverageOf(
      lockoutMachine,
      SCENARIOS.map((scenario) => initialModelState(lockoutMachine, scenarios[scenario])),
      SCENARIOS.flatMap((scenario) => paths[scenario]),
    );
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe('the countdown on screen along the paths', () => {
  for (const path of paths['a 429 with seconds']) {
    it(`after ${path.steps.length} tick(s) of a 3 s lockout`, () => {
      const { actor, timer } = startCountdown(3);
      expect(screen.getByText('Too many wrong attempts. Entry is paused, try again in')).toBeTruthy();
      expect(timer()).toBe('00:00:03');
      path.steps.forEach((step, index) => {
        expect(step.event.type).toBe('time.pass');
        act(() => vi.advanceTimersByTime(LOCKOUT_TICK_MS));
        const ticks = index + 1;
        if (ticks < 3) {
          expect(timer(), `after ${ticks} tick(s)`).toBe(SHOWN_AFTER_TICKS[ticks]);
          expect(actor.getSnapshot().hasTag('locked')).toBe(true);
        } else {
          // At zero the lockout is over: the parent shows the keypad again.
          expect(actor.getSnapshot().status).toBe('done');
        }
      });
    });
  }
});

describe('lockout rules (spec 001 s.4, s.8)', () => {
  it('a 429 with seconds counts down once a second, in hh:mm:ss', () => {
    const { timer } = startCountdown(3665);
    expect(timer()).toBe('01:01:05');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer()).toBe('01:01:04');
    act(() => vi.advanceTimersByTime(65_000));
    expect(timer()).toBe('00:59:59');
  });

  it('nothing changes 1 ms before a second has passed', () => {
    const { timer } = startCountdown(2);
    act(() => vi.advanceTimersByTime(999));
    expect(timer()).toBe('00:00:02');
    act(() => vi.advanceTimersByTime(1));
    expect(timer()).toBe('00:00:01');
  });

  it('the input unlocks exactly when the count reaches zero', () => {
    const { actor } = startCountdown(2);
    act(() => vi.advanceTimersByTime(1999));
    expect(actor.getSnapshot().status).toBe('active');
    act(() => vi.advanceTimersByTime(1));
    expect(actor.getSnapshot().status).toBe('done');
  });
});
