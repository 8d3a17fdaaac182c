import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';

/**
 * "Machine state ↔ URL step" for every multi-step flow (withdraw now; P2P, P2C and verification
 * next): each step of the flow has its own history entry, so the browser's back, Android's back
 * and our own "Back" all go one step back, and a reload lands on the same step with what was
 * typed (the route keeps it in search params validated with zod). How to use it: docs/flow-urls.md.
 *
 * The machine stays the source of truth for what the flow may do; the URL follows it:
 *
 * - the machine moved on a step → a new history entry;
 * - the machine moved back (our "Back", or a server answer sending the person back to an earlier
 *   step) → the history goes back to that step's entry when this page made it, otherwise the
 *   entry is replaced;
 * - what was typed changed, same step → the entry is replaced (no entry per keystroke);
 * - the URL moved without us (browser back or forward, Android's back) → the machine is sent
 *   `back` until it is at that step (it may refuse: money moving), or moved forward by the
 *   flow's own `forward` when that can happen at once; otherwise the URL is put back.
 */

/** What a flow keeps in its URL: string fields only (never a passcode). `step` is absent on the first step. */
export type FlowSearch<TStep extends string> = { readonly step?: TStep } & Readonly<Record<string, string | undefined>>;

export interface FlowUrlOptions<TStep extends string, TSearch extends FlowSearch<TStep>> {
  /** The flow's steps in order, the first one first. */
  readonly steps: readonly [TStep, ...TStep[]];
  /** The search the machine's snapshot stands for now. */
  readonly current: TSearch;
  /** The route's validated search. */
  readonly url: TSearch;
  /** Sends the machine one step back; false when it cannot go back from where it is. */
  readonly back: () => boolean;
  /** Moves the machine on to `step` when that can happen at once; false otherwise. */
  readonly forward: (step: TStep) => boolean;
  /** The machine's step now (read after each event `back` sends). */
  readonly stepNow: () => TStep;
  /** Puts `search` in the URL of this route, in a new history entry or in place of the current one. */
  readonly write: (search: TSearch, replace: boolean) => void;
}

/** The search with empty fields left out, as one comparable string. */
export function searchKey(search: Readonly<Record<string, string | undefined>>): string {
  const fields = Object.entries(search)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(fields);
}

/**
 * The history entry to go back to: the nearest earlier entry of this page that shows `step`,
 * with every entry between also of this page. Null when there is none (after a reload, say).
 */
export function entryToReturnTo<TStep extends string>(
  visited: ReadonlyMap<number, TStep>,
  currentIndex: number,
  step: TStep,
): number | null {
  for (let index = currentIndex - 1; index >= 0; index -= 1) {
    const seen = visited.get(index);
    if (seen === undefined) return null;
    if (seen === step) return index;
  }
  return null;
}

/**
 * Keeps the URL and the flow's machine on the same step (see above). Answers `goBack`, the one
 * "back" of the flow for our own back button and Telegram's BackButton: the machine goes back and
 * the URL follows, through the history when the previous step's entry is there.
 */
export function useFlowUrl<TStep extends string, TSearch extends FlowSearch<TStep>>(
  options: FlowUrlOptions<TStep, TSearch>,
): { goBack: () => void } {
  const router = useRouter();
  const { steps, current, url } = options;
  const first = steps[0];
  const rank = useCallback((step: TStep) => steps.indexOf(step), [steps]);
  const latest = useRef(options);
  latest.current = options;
  /** The step each history entry of this page showed, by the entry's index. */
  const visited = useRef(new Map<number, TStep>());
  const lastUrlKey = useRef<string | null>(null);
  /** A navigation this hook started that has not landed yet. */
  const pending = useRef(false);
  const lastWritten = useRef<string | null>(null);

  const urlKey = searchKey(url);
  const currentKey = searchKey(current);

  useEffect(() => {
    const index = router.history.location.state.__TSR_index;
    const urlStep = url.step ?? first;
    if (urlKey !== lastUrlKey.current) {
      const firstLook = lastUrlKey.current === null;
      lastUrlKey.current = urlKey;
      visited.current.set(index, urlStep);
      // Landed where we wrote: nothing to guard any more. Elsewhere, the guard stays against a
      // URL that reads back differently from what was written (no endless rewriting).
      if (urlKey === lastWritten.current) lastWritten.current = null;
      if (pending.current) pending.current = false;
      else if (!firstLook) {
        lastWritten.current = null;
        // Moved from outside: browser back or forward, Android's back.
        const flow = latest.current;
        while (rank(flow.stepNow()) > rank(urlStep) && flow.back()) {
          // One step at a time: the machine decides whether it may go back from each.
        }
        if (rank(flow.stepNow()) < rank(urlStep)) flow.forward(urlStep);
        return;
      }
    }
    if (pending.current || currentKey === urlKey || currentKey === lastWritten.current) return;
    const currentStep = current.step ?? first;
    pending.current = true;
    const target = rank(currentStep) < rank(urlStep) ? entryToReturnTo(visited.current, index, currentStep) : null;
    if (target !== null) {
      router.history.go(target - index);
      return;
    }
    lastWritten.current = currentKey;
    latest.current.write(current, rank(currentStep) <= rank(urlStep));
  }, [router, url.step, first, rank, urlKey, currentKey, current]);

  // Back is the machine's: when the previous step's entry is there, the effect above goes back
  // in history to it, so our Back and the browser's leave the same history behind.
  const goBack = useCallback(() => {
    latest.current.back();
  }, []);

  return { goBack };
}
