import { assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';

/**
 * Ending signed-in sessions from the security page (issue 8): "End" on one of the other devices,
 * or "End all other sessions", each asks first (`confirming`, tag `confirm`), then calls
 * `endSessions` (`DELETE /security/sessions/{id}` or `DELETE /security/sessions`), then `ended`
 * (the app refreshes the list). A failure shows `end_failed` in `idle`; Cancel asks nothing.
 *
 * Context: `target` (a session id, or `others`) while asking and ending; `error`.
 * Tags: `confirm`, `busy`.
 */
export type SessionTarget = { kind: 'one'; id: string } | { kind: 'others' };

export type SessionEndEvent =
  | { type: 'session.end'; id: string }
  | { type: 'sessions.endOthers' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' };

export interface SessionEndContext {
  target: SessionTarget | null;
  error: 'end_failed' | null;
}

function pending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

export const sessionEndMachine = setup({
  types: {
    context: {} as SessionEndContext,
    events: {} as SessionEndEvent,
    tags: {} as 'confirm' | 'busy',
    children: {} as { endSessions: 'endSessions' },
  },
  actors: {
    endSessions: pending<unknown, SessionTarget>(),
  },
  actions: {
    // Inert: the app refreshes the list of sessions.
    ended: () => {},
  },
}).createMachine({
  id: 'sessionEnd',
  context: { target: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'session.end': {
          target: 'confirming',
          actions: assign(({ event }) => ({ target: { kind: 'one' as const, id: event.id }, error: null })),
        },
        'sessions.endOthers': {
          target: 'confirming',
          actions: assign({ target: { kind: 'others' as const }, error: null }),
        },
      },
    },
    confirming: {
      tags: ['confirm'],
      on: {
        'confirm.accept': { target: 'ending' },
        'confirm.cancel': { target: 'idle', actions: assign({ target: null }) },
      },
    },
    ending: {
      tags: ['confirm', 'busy'],
      invoke: {
        id: 'endSessions',
        src: 'endSessions',
        input: ({ context }) => context.target ?? { kind: 'others' as const },
        onDone: { target: 'idle', actions: [assign({ target: null }), 'ended'] },
        onError: { target: 'idle', actions: assign({ target: null, error: 'end_failed' as const }) },
      },
    },
  },
});
