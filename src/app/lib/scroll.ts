import type { RouterHistory } from '@tanstack/react-router';

/** PUSH, REPLACE, BACK, FORWARD or GO, as the router's history reports it. */
export type HistoryAction = Parameters<Parameters<RouterHistory['subscribe']>[0]>[0]['action']['type'];

// The history package declares HistoryState (the router re-exports it); augment it at its source.
declare module '@tanstack/history' {
  interface HistoryState {
    /** Ask the next navigation to put the page back where it was on this path. */
    restoreScroll?: boolean;
  }
}

/**
 * The scroll rule (spec 000 s.2): scroll position is kept per path. Going back or forward in
 * history restores it, and so does a navigation whose state asks for it
 * (`navigate({ to, state: { restoreScroll: true } })`); every other navigation to another path
 * starts at the top. A navigation that stays on the same path (only the search or hash changes)
 * leaves the scroll alone.
 */
export function shouldRestoreScroll(action: HistoryAction | null, state: { restoreScroll?: boolean }): boolean {
  return action === 'BACK' || action === 'FORWARD' || action === 'GO' || state.restoreScroll === true;
}

export function shouldResetScroll(restoring: boolean, fromPathname: string | null, toPathname: string): boolean {
  return !restoring && fromPathname !== null && fromPathname !== toPathname;
}
