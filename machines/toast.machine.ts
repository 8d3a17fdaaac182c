import { and, assertEvent, assign, setup } from 'xstate';

/**
 * Toasts (spec §8): only one toast is visible at a time; on the web a toast lasts 3 s; inside the
 * mini app (Bot API 6.2+, where popups exist) errors show as a native alert instead.
 *
 * Views render `context.toast` while the snapshot has the `visible` tag, and send
 * `toast.dismiss` when the person closes it. The app provides, with `toastMachine.provide(...)`:
 *
 * - guard `usesNativeAlert`: true inside the mini app when the platform adapter supports popups
 *   (version ≥ 6.2). Inert default: false (the web behaviour).
 * - action `showNativeAlert(_, { message })`: opens the messenger's alert. The alert is modal and
 *   the SDK resolves its promise when the person closes it; the implementation must then send
 *   `alert.close` (on success and on failure alike), e.g.
 *   `({ self }, { message }) => platform.showAlert(message).finally(() => self.send({ type: 'alert.close' }))`.
 *   Inert default: does nothing.
 * - delay `toastDuration` (default 3000 ms) only if a different duration is ever wanted (tests).
 */

export type ToastKind = 'error' | 'success' | 'info';

export interface Toast {
  /** Increases with every toast shown, so a replacement is a new element (restarts its animation). */
  id: number;
  kind: ToastKind;
  /** Already translated by the caller: the machine never imports Lingui. */
  message: string;
}

export interface ToastContext {
  /** The toast on screen, or null when none is (also null while a native alert is open). */
  toast: Toast | null;
  /** The id given to the last toast shown; the next one gets `lastId + 1`. */
  lastId: number;
}

export type ToastEvent =
  | { type: 'toast.show'; kind: ToastKind; message: string }
  | { type: 'toast.dismiss' }
  | { type: 'alert.close' };

/** Spec §8: "on the web a toast lasts 3 s". */
export const TOAST_DURATION_MS = 3000;

export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
    tags: {} as 'visible',
  },
  actions: {
    showToast: assign(({ context, event }) => {
      assertEvent(event, 'toast.show');
      const id = context.lastId + 1;
      return { lastId: id, toast: { id, kind: event.kind, message: event.message } };
    }),
    clearToast: assign({ toast: null }),
    // Inert: the app opens the messenger's alert and sends `alert.close` when it closes.
    showNativeAlert: (_, _params: { message: string }) => {},
  },
  guards: {
    isErrorToast: ({ event }) => event.type === 'toast.show' && event.kind === 'error',
    // Inert: the web has no native alert; the app answers from the platform adapter.
    usesNativeAlert: () => false,
  },
  delays: {
    toastDuration: TOAST_DURATION_MS,
  },
}).createMachine({
  id: 'toast',
  description: 'One toast at a time; errors become a native alert inside the mini app.',
  context: { toast: null, lastId: 0 },
  initial: 'hidden',
  states: {
    hidden: {
      entry: 'clearToast',
      on: {
        'toast.show': [
          {
            guard: and(['isErrorToast', 'usesNativeAlert']),
            target: 'alerting',
            actions: { type: 'showNativeAlert', params: ({ event }) => ({ message: event.message }) },
          },
          { target: 'visible', actions: 'showToast' },
        ],
      },
    },
    visible: {
      tags: ['visible'],
      after: {
        toastDuration: { target: 'hidden' },
      },
      on: {
        'toast.show': [
          {
            guard: and(['isErrorToast', 'usesNativeAlert']),
            target: 'alerting',
            actions: { type: 'showNativeAlert', params: ({ event }) => ({ message: event.message }) },
          },
          {
            description: 'The new toast replaces the visible one and its 3 s start again.',
            target: 'visible',
            reenter: true,
            actions: 'showToast',
          },
        ],
        'toast.dismiss': { target: 'hidden' },
      },
    },
    alerting: {
      description: 'A native alert is open; it is modal and only the person can close it.',
      entry: 'clearToast',
      on: {
        // Dropped, not queued. The messenger shows one popup at a time and offers no way to
        // close or replace one from code, so "newest wins" cannot apply. A queued toast would
        // surface after the person closed the alert, out of context (usually a second symptom of
        // the same failure, e.g. the network going away), and would force them through a chain
        // of modal alerts. Dropping keeps the screen honest and the context bounded.
        'toast.show': {
          description: 'Dropped while the alert is open (see the comment in the source).',
        },
        'alert.close': { target: 'hidden' },
      },
    },
  },
});
