/**
 * Model-based test of the toast machine.
 *
 * Paths come from `transitionPaths` (tests/machines/support/model.ts, where the approach is
 * explained): @xstate/graph's `getShortestPaths` over a model whose extra event `time.pass`
 * advances a manual clock to the machine's next timer, extended by every event the machine
 * handles from each reachable state. The platform is the `usesNativeAlert` guard the app
 * provides, constant for a session, so the model is built twice: web (guard false) and mini app
 * (guard true). Each path is replayed on the real machine with vitest's fake timers: after every
 * step the value, context and tags must equal the model's, and a `time.pass` step must not
 * change anything 1 ms before it is due.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { toastMachine } from '../../machines/toast.machine.ts';
import { coverageOf, initialModelState, type ModelPath } from './support/model.ts';
import { expectSameSnapshot, playStep } from './support/replay.ts';
import {
  describeEvent,
  MESSAGES,
  machineFor,
  type ToastMachine,
  type ToastPlatform,
  toastPaths,
} from './support/toastModel.ts';

const paths: Record<ToastPlatform, Array<ModelPath<ToastMachine>>> = {
  web: toastPaths('web'),
  'mini app': toastPaths('mini app'),
};

function describeState(path: ModelPath<ToastMachine>): string {
  const snapshot = path.steps.at(-1)?.state.snapshot;
  if (snapshot === undefined) return 'no toast on screen';
  if (snapshot.matches('alerting')) return 'a native alert open and no toast on screen';
  if (snapshot.matches('visible')) return `the ${snapshot.context.toast?.kind} toast on screen`;
  return 'no toast on screen';
}

describe('toast machine model', () => {
  it('has 18 paths on the web and 17 in the mini app (a tripwire, not a check of behaviour)', () => {
    expect(paths.web).toHaveLength(18);
    expect(paths['mini app']).toHaveLength(17);
  });

  const all = [...paths.web, ...paths['mini app']];

  it('visits every state node of the machine', () => {
    const coverage = coverageOf(toastMachine, [initialModelState(toastMachine)], all);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
  });

  it('takes every transition of the machine', () => {
    const coverage = coverageOf(toastMachine, [initialModelState(toastMachine)], all);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe.each(['web', 'mini app'] as const)(
  'determinism check: toast paths replayed on the machine itself (%s)',
  (platform) => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    for (const path of paths[platform]) {
      describe(`${platform === 'web' ? 'on the web' : 'in the mini app'}, when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, () => {
        it(`ends with ${describeState(path)} on every replay`, async () => {
          const alerts: string[] = [];
          const actor = createActor(machineFor(platform, alerts)).start();
          const expectedAlerts: string[] = [];
          let previous = initialModelState(machineFor(platform)).snapshot;

          for (const step of path.steps) {
            await playStep(actor, step.event, previous.value);
            const expected = step.state.snapshot;
            const actual = actor.getSnapshot();
            expectSameSnapshot(actual, expected);
            if (step.event.type === 'toast.show' && expected.matches('alerting') && !previous.matches('alerting')) {
              expectedAlerts.push(step.event.message);
            }
            expect(alerts).toEqual(expectedAlerts);
            previous = expected;
          }
          actor.stop();
        });
      });
    }
  },
);

describe('toast timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives a replacing toast its own full 3000 ms', () => {
    const actor = createActor(machineFor('web')).start();
    actor.send({ type: 'toast.show', kind: 'info', message: 'first' });
    vi.advanceTimersByTime(2000);
    actor.send({ type: 'toast.show', kind: 'success', message: 'second' });
    vi.advanceTimersByTime(2999);
    expect(actor.getSnapshot().context.toast).toEqual({ id: 2, kind: 'success', message: 'second' });
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().context.toast).toBeNull();
  });

  it('shows errors as toasts on the web, where there is no native alert', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'toast.show', kind: 'error', message: MESSAGES.error });
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
  });

  it('lets the app change how long a toast stays', () => {
    const actor = createActor(toastMachine.provide({ delays: { toastDuration: 500 } })).start();
    actor.send({ type: 'toast.show', kind: 'info', message: 'short' });
    vi.advanceTimersByTime(500);
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('does not let an open alert expire by itself', () => {
    const actor = createActor(machineFor('mini app')).start();
    actor.send({ type: 'toast.show', kind: 'error', message: MESSAGES.error });
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().value).toBe('alerting');
  });
});
