/**
 * Model-based test of the loading indicator machine.
 *
 * Paths come from `transitionPaths` (tests/machines/support/model.ts, where the approach is
 * explained): @xstate/graph's `getShortestPaths` over a model whose extra event `time.pass`
 * advances a manual clock to the machine's next timer, extended by every event the machine
 * handles from each reachable state. `inFlight` is part of the model state, so the model offers
 * `loading.start` only below two loads in flight: two is enough to show nesting, and the bound
 * keeps the graph finite. Each path is replayed on the real machine with vitest's fake timers:
 * after every step the value, context and tags must equal the model's, and a `time.pass` step
 * must not change anything 1 ms before it is due.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type LoadingIndicatorEvent, loadingIndicatorMachine } from '../../machines/loadingIndicator.machine.ts';
import {
  coverageOf,
  initialModelState,
  isTimePass,
  type ModelEvent,
  type ModelPath,
  transitionPaths,
} from './support/model.ts';
import { expectSameSnapshot, playStep } from './support/replay.ts';

type LoadingIndicatorMachine = typeof loadingIndicatorMachine;

const MAX_NESTED_LOADS = 2;
const start: LoadingIndicatorEvent = { type: 'loading.start' };
const finish: LoadingIndicatorEvent = { type: 'loading.finish' };

const paths = transitionPaths(loadingIndicatorMachine, {
  events: (snapshot) => (snapshot.context.inFlight < MAX_NESTED_LOADS ? [start, finish] : [finish]),
  key: (snapshot) => [snapshot.value, snapshot.context.inFlight],
});

function describeEvent(event: ModelEvent<LoadingIndicatorMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  return event.type === 'loading.start' ? 'a load starts' : 'a load finishes';
}

function describeState(path: ModelPath<LoadingIndicatorMachine>): string {
  const snapshot = path.steps.at(-1)?.state.snapshot;
  if (snapshot === undefined || snapshot.matches('idle')) return 'nothing shown and no load in flight';
  const loads = `${snapshot.context.inFlight} load${snapshot.context.inFlight === 1 ? '' : 's'} in flight`;
  if (snapshot.hasTag('slow')) return `the spinner and the slow-request message shown, ${loads}`;
  if (snapshot.hasTag('spinner')) return `the spinner shown, ${loads}`;
  return `nothing shown yet, ${loads}`;
}

describe('loading indicator machine model', () => {
  it('has 14 paths', () => {
    expect(paths).toHaveLength(14);
  });

  it('visits every state node of the machine', () => {
    const coverage = coverageOf(loadingIndicatorMachine, [initialModelState(loadingIndicatorMachine)], paths);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
  });

  it('takes every transition of the machine', () => {
    const coverage = coverageOf(loadingIndicatorMachine, [initialModelState(loadingIndicatorMachine)], paths);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe('loading indicator paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const path of paths) {
    describe(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, () => {
      it(`ends with ${describeState(path)}, as the model predicts after every step`, async () => {
        const actor = createActor(loadingIndicatorMachine).start();
        let previous = initialModelState(loadingIndicatorMachine).snapshot;

        for (const step of path.steps) {
          await playStep(actor, step.event, previous.value);
          const expected = step.state.snapshot;
          const actual = actor.getSnapshot();
          expectSameSnapshot(actual, expected);
          previous = expected;
        }
        actor.stop();
      });
    });
  }
});

describe('loading indicator timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the spinner exactly 1000 ms and the slow message exactly 5000 ms after the start', () => {
    const actor = createActor(loadingIndicatorMachine).start();
    actor.send(start);
    vi.advanceTimersByTime(999);
    expect(actor.getSnapshot().hasTag('spinner')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().hasTag('spinner')).toBe(true);
    vi.advanceTimersByTime(3999);
    expect(actor.getSnapshot().hasTag('slow')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().hasTag('slow')).toBe(true);
    expect(actor.getSnapshot().hasTag('spinner')).toBe(true);
  });

  it('keeps timing from the first start when another load joins later', () => {
    const actor = createActor(loadingIndicatorMachine).start();
    actor.send(start);
    vi.advanceTimersByTime(600);
    actor.send(start);
    vi.advanceTimersByTime(400);
    expect(actor.getSnapshot().hasTag('spinner')).toBe(true);
    actor.send(finish);
    vi.advanceTimersByTime(4000);
    expect(actor.getSnapshot().hasTag('slow')).toBe(true);
    expect(actor.getSnapshot().context.inFlight).toBe(1);
  });

  it('shows nothing at all when loads finish within 1000 ms', () => {
    const actor = createActor(loadingIndicatorMachine).start();
    actor.send(start);
    vi.advanceTimersByTime(900);
    actor.send(finish);
    vi.advanceTimersByTime(10_000);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().tags.size).toBe(0);
  });

  it('starts the timers afresh for a load after the indicator went idle', () => {
    const actor = createActor(loadingIndicatorMachine).start();
    actor.send(start);
    vi.advanceTimersByTime(900);
    actor.send(finish);
    actor.send(start);
    vi.advanceTimersByTime(999);
    expect(actor.getSnapshot().hasTag('spinner')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().hasTag('spinner')).toBe(true);
  });

  it('ignores a finish with no load in flight', () => {
    const actor = createActor(loadingIndicatorMachine).start();
    actor.send(finish);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.inFlight).toBe(0);
  });
});
