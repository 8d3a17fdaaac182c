/**
 * Model-based test of the lockout countdown (spec 001 s.4 "Lockout"). The only event is time:
 * `time.pass` to the next tick. Each path is replayed with fake timers: the seconds and the
 * `locked` tag after every tick, nothing 1 ms early, and the machine finishes exactly at zero.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { LOCKOUT_TICK_MS, lockoutMachine, lockoutText } from '../../machines/lockout.machine.ts';
import { type LockoutScenario, lockoutPaths, scenarios } from './support/lockoutModel.ts';
import { coverageOf, initialModelState } from './support/model.ts';

const SCENARIOS: readonly LockoutScenario[] = ['a 429 with seconds', 'a 429 with zero seconds'];
const paths = Object.fromEntries(SCENARIOS.map((scenario) => [scenario, lockoutPaths(scenario)])) as Record<
  LockoutScenario,
  ReturnType<typeof lockoutPaths>
>;

describe('lockout machine model', () => {
  it('has 3 paths for a 3 s lock and none for a 0 s one (it is over at once)', () => {
    expect(SCENARIOS.map((scenario) => paths[scenario].length)).toEqual([3, 0]);
    expect(initialModelState(lockoutMachine, scenarios['a 429 with zero seconds']).snapshot.status).toBe('done');
  });

  it('visits every state node and takes every transition', () => {
    const coverage = coverageOf(
      lockoutMachine,
      SCENARIOS.map((scenario) => initialModelState(lockoutMachine, scenarios[scenario])),
      SCENARIOS.flatMap((scenario) => paths[scenario]),
    );
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe('lockout paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const path of paths['a 429 with seconds']) {
    it(`after ${path.steps.length} tick(s) shows ${path.steps.at(-1)?.state.snapshot.context.secondsLeft} s left`, () => {
      const actor = createActor(lockoutMachine, { input: scenarios['a 429 with seconds'] }).start();
      expect(lockoutText(actor.getSnapshot().context)).toBe('00:00:03');
      for (const step of path.steps) {
        const ms = step.event.type === 'time.pass' ? step.event.ms : 0;
        expect(ms).toBe(LOCKOUT_TICK_MS);
        const before = actor.getSnapshot().context.secondsLeft;
        vi.advanceTimersByTime(ms - 1);
        expect(actor.getSnapshot().context.secondsLeft, 'not 1 ms early').toBe(before);
        vi.advanceTimersByTime(1);
        const actual = actor.getSnapshot();
        expect(actual.value).toEqual(step.state.snapshot.value);
        expect(actual.context).toEqual(step.state.snapshot.context);
        expect(actual.hasTag('locked')).toBe(step.state.snapshot.hasTag('locked'));
        expect(actual.status).toBe(step.state.snapshot.status);
      }
    });
  }

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
  });
});
