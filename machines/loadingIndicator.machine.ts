import { assign, setup } from 'xstate';

/**
 * The loading indicator (spec §2): "A loading spinner shows after 1 s, and a slow-request message
 * after 5 s."
 *
 * Every load sends `loading.start` when it begins and `loading.finish` when it settles (success
 * or failure). Loads may overlap: `inFlight` counts them, the indicator goes back to `idle` only
 * when the last one finishes, and a start while already loading never restarts the timers, so
 * both times are measured from the start of the first load of the current busy period.
 *
 * Timing, exactly: the spinner appears `spinnerDelay` = 1000 ms after that first start; the slow
 * message appears `slowMessageDelay` = 4000 ms after the spinner appeared, i.e. 5000 ms after the
 * first start. Each state owns one timer (sequential, not two timers from the start), so every
 * state change is one timer and the diagram stays plain; the sum is what the spec fixes.
 *
 * Views: show the spinner while the snapshot has the `spinner` tag and the slow-request message
 * while it has the `slow` tag (the spinner stays while the message shows). Nothing to provide:
 * there are no effects; `delays` may be overridden in tests.
 */

export interface LoadingIndicatorContext {
  /** Loads started and not yet finished. */
  inFlight: number;
}

export type LoadingIndicatorEvent = { type: 'loading.start' } | { type: 'loading.finish' };

export const SPINNER_AFTER_MS = 1000;
export const SLOW_MESSAGE_AFTER_MS = 5000;

export const loadingIndicatorMachine = setup({
  types: {
    context: {} as LoadingIndicatorContext,
    events: {} as LoadingIndicatorEvent,
    tags: {} as 'spinner' | 'slow',
  },
  actions: {
    countStart: assign({ inFlight: ({ context }) => context.inFlight + 1 }),
    countFinish: assign({ inFlight: ({ context }) => Math.max(0, context.inFlight - 1) }),
  },
  guards: {
    isLastLoad: ({ context }) => context.inFlight <= 1,
  },
  delays: {
    spinnerDelay: SPINNER_AFTER_MS,
    slowMessageDelay: SLOW_MESSAGE_AFTER_MS - SPINNER_AFTER_MS,
  },
}).createMachine({
  id: 'loadingIndicator',
  description: 'Spinner after 1 s and slow-request message after 5 s of continuous loading.',
  context: { inFlight: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'loading.start': { target: 'loading', actions: 'countStart' },
      },
    },
    loading: {
      initial: 'waiting',
      on: {
        'loading.start': {
          description: 'Another load joins; the timers keep running.',
          actions: 'countStart',
        },
        'loading.finish': [
          { guard: 'isLastLoad', target: 'idle', actions: 'countFinish' },
          { description: 'Other loads are still running.', actions: 'countFinish' },
        ],
      },
      states: {
        waiting: {
          description: 'Loading, but too briefly to show anything.',
          after: { spinnerDelay: { target: 'spinner' } },
        },
        spinner: {
          tags: ['spinner'],
          after: { slowMessageDelay: { target: 'slow' } },
        },
        slow: {
          tags: ['spinner', 'slow'],
        },
      },
    },
  },
});
