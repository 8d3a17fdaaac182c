/**
 * Model-based test of the loading indicator: the machine gives the paths, the rendered view is
 * under test, and what it must show is written here by hand from the spec (000 s.2: "A loading
 * spinner shows after 1 s, and a slow-request message after 5 s").
 *
 * Paths come from `transitionPaths` (tests/machines/support/model.ts): every state the machine
 * reaches with up to two loads in flight and every event it handles there, `time.pass` moving the
 * clock to its next timer. Each path is played on a real actor with vitest's fake timers while
 * `LoadingIndicatorView` renders it. After every step the screen is compared with a reference
 * kept by the test itself, from the spec alone: how many loads are in flight and for how long
 * something has been loading; the spinner shows from 1000 ms of loading, the message from 5000 ms,
 * and nothing once the last load has finished. The machine's snapshot is never the oracle.
 */
import { act, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type LoadingIndicatorEvent, loadingIndicatorMachine } from '../../machines/loadingIndicator.machine.ts';
import { LoadingIndicatorView } from '../../src/app/features/shell/LoadingIndicator.tsx';
import { renderWithProviders } from '../app/support.tsx';
import {
  coverageOf,
  initialModelState,
  isTimePass,
  type ModelEvent,
  type ModelPath,
  transitionPaths,
} from './support/model.ts';

type LoadingIndicatorMachine = typeof loadingIndicatorMachine;

const MAX_NESTED_LOADS = 2;
const start: LoadingIndicatorEvent = { type: 'loading.start' };
const finish: LoadingIndicatorEvent = { type: 'loading.finish' };
const slowMessage = 'This is taking longer than usual. Please wait a little.';

const paths = transitionPaths(loadingIndicatorMachine, {
  events: (snapshot) => (snapshot.context.inFlight < MAX_NESTED_LOADS ? [start, finish] : [finish]),
  key: (snapshot) => [snapshot.value, snapshot.context.inFlight],
});

/** What the spec says, kept apart from the machine: loads in flight and how long it has been loading. */
interface Reference {
  inFlight: number;
  loadingFor: number;
}

function nextReference(reference: Reference, event: ModelEvent<LoadingIndicatorMachine>): Reference {
  if (isTimePass(event))
    return { ...reference, loadingFor: reference.inFlight > 0 ? reference.loadingFor + event.ms : 0 };
  if (event.type === 'loading.start')
    // A load joining others keeps the time of the first; the first starts the clock.
    return { inFlight: reference.inFlight + 1, loadingFor: reference.inFlight > 0 ? reference.loadingFor : 0 };
  const inFlight = Math.max(0, reference.inFlight - 1);
  return { inFlight, loadingFor: inFlight > 0 ? reference.loadingFor : 0 };
}

/** On screen, by the spec: the spinner from 1 s of loading, the slow message from 5 s. */
function expectedScreen(reference: Reference): { spinner: boolean; slowMessage: boolean } {
  const loading = reference.inFlight > 0;
  return { spinner: loading && reference.loadingFor >= 1000, slowMessage: loading && reference.loadingFor >= 5000 };
}

function shownScreen(): { spinner: boolean; slowMessage: boolean } {
  return {
    spinner: screen.queryByRole('status', { name: 'Loading' }) !== null,
    slowMessage: screen.queryByText(slowMessage) !== null,
  };
}

function describeEvent(event: ModelEvent<LoadingIndicatorMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  return event.type === 'loading.start' ? 'a load starts' : 'a load finishes';
}

function describeEnd(path: ModelPath<LoadingIndicatorMachine>): string {
  const reference = path.steps.reduce((current, step) => nextReference(current, step.event), {
    inFlight: 0,
    loadingFor: 0,
  });
  const shown = expectedScreen(reference);
  if (shown.slowMessage) return 'the spinner and the slow-request message';
  if (shown.spinner) return 'the spinner';
  return 'nothing';
}

describe('loading indicator model', () => {
  it('has 14 paths', () => {
    expect(paths).toHaveLength(14);
  });

  it('visits every state node and takes every transition of the machine', () => {
    const coverage = coverageOf(loadingIndicatorMachine, [initialModelState(loadingIndicatorMachine)], paths);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe('the loading indicator on screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const path of paths) {
    it(`shows ${describeEnd(path)} when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, () => {
      const actor = createActor(loadingIndicatorMachine).start();
      renderWithProviders(createElement(LoadingIndicatorView, { actor }));
      let reference: Reference = { inFlight: 0, loadingFor: 0 };
      expect(shownScreen()).toEqual({ spinner: false, slowMessage: false });

      for (const step of path.steps) {
        const { event } = step;
        if (isTimePass(event)) {
          // 1 ms early nothing changes yet.
          act(() => vi.advanceTimersByTime(event.ms - 1));
          expect(shownScreen()).toEqual(
            expectedScreen({ ...reference, loadingFor: reference.loadingFor + event.ms - 1 }),
          );
          act(() => vi.advanceTimersByTime(1));
        } else {
          act(() => actor.send(event));
        }
        reference = nextReference(reference, event);
        expect(shownScreen()).toEqual(expectedScreen(reference));
      }
      actor.stop();
    });
  }
});

describe('the loading indicator’s rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function render() {
    const actor = createActor(loadingIndicatorMachine).start();
    renderWithProviders(createElement(LoadingIndicatorView, { actor }));
    return actor;
  }

  it('shows the spinner exactly 1000 ms and the slow message exactly 5000 ms after the start', () => {
    const actor = render();
    act(() => actor.send(start));
    act(() => vi.advanceTimersByTime(999));
    expect(shownScreen()).toEqual({ spinner: false, slowMessage: false });
    act(() => vi.advanceTimersByTime(1));
    expect(shownScreen()).toEqual({ spinner: true, slowMessage: false });
    act(() => vi.advanceTimersByTime(3999));
    expect(shownScreen()).toEqual({ spinner: true, slowMessage: false });
    act(() => vi.advanceTimersByTime(1));
    expect(shownScreen()).toEqual({ spinner: true, slowMessage: true });
  });

  it('times from the first start when another load joins later, and stays while one is left', () => {
    const actor = render();
    act(() => actor.send(start));
    act(() => vi.advanceTimersByTime(600));
    act(() => actor.send(start));
    act(() => vi.advanceTimersByTime(400));
    expect(shownScreen()).toEqual({ spinner: true, slowMessage: false });
    act(() => actor.send(finish));
    act(() => vi.advanceTimersByTime(4000));
    expect(shownScreen()).toEqual({ spinner: true, slowMessage: true });
    act(() => actor.send(finish));
    expect(shownScreen()).toEqual({ spinner: false, slowMessage: false });
  });

  it('shows nothing at all when the loads finish within 1000 ms', () => {
    const actor = render();
    act(() => actor.send(start));
    act(() => vi.advanceTimersByTime(900));
    act(() => actor.send(finish));
    act(() => vi.advanceTimersByTime(10_000));
    expect(shownScreen()).toEqual({ spinner: false, slowMessage: false });
  });

  it('starts the clock afresh for a load after everything finished', () => {
    const actor = render();
    act(() => actor.send(start));
    act(() => vi.advanceTimersByTime(900));
    act(() => actor.send(finish));
    act(() => actor.send(start));
    act(() => vi.advanceTimersByTime(999));
    expect(shownScreen()).toEqual({ spinner: false, slowMessage: false });
    act(() => vi.advanceTimersByTime(1));
    expect(shownScreen()).toEqual({ spinner: true, slowMessage: false });
  });

  it('ignores a finish with no load in flight: the next load still waits its full second', () => {
    const actor = render();
    act(() => actor.send(finish));
    act(() => actor.send(start));
    act(() => vi.advanceTimersByTime(999));
    expect(shownScreen()).toEqual({ spinner: false, slowMessage: false });
    act(() => actor.send(finish));
    expect(shownScreen()).toEqual({ spinner: false, slowMessage: false });
  });
});
