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
 *   step) → the history goes back to that step's entry when the flow made it, otherwise the entry
 *   is replaced;
 * - what was typed changed, same step → the entry is replaced (no entry per keystroke);
 * - the URL moved without us (browser back or forward, Android's back) → the machine is sent
 *   `back` until it is at that step (it may refuse: money moving), or moved forward by the
 *   flow's own `forward` when that can happen at once; otherwise the URL is put back.
 *
 * Each entry the flow writes carries, in its history state, the steps of the flow's entries up to
 * it (`flowTrail`). The browser keeps history state across a reload, so after one the flow still
 * knows which entries behind it are its own steps.
 */

// The history package declares HistoryState (the router re-exports it); augment it at its source.
declare module '@tanstack/history' {
  interface HistoryState {
    /** The flow steps of this entry and of the flow's entries just behind it, oldest first. */
    flowTrail?: readonly string[];
  }
}

/** What a flow keeps in its URL: string fields only (never a passcode). `step` is absent on the first step. */
export type FlowSearch<TStep extends string> = { readonly step?: TStep } & Readonly<Record<string, string | undefined>>;

/** How a flow's entry is written: in place of the current one or as a new one, with its trail. */
export interface FlowWrite {
  readonly replace: boolean;
  readonly state: { readonly flowTrail: readonly string[] };
}

export interface FlowUrlOptions<TStep extends string, TSearch extends FlowSearch<TStep>> {
  /** The flow's steps in order, the first one first. */
  readonly steps: readonly [TStep, ...TStep[]];
  /** The search the machine's snapshot stands for now (empty fields left out). */
  readonly current: TSearch;
  /** The route's validated search. */
  readonly url: TSearch;
  /** Sends the machine one step back; false when it cannot go back from where it is. */
  readonly back: () => boolean;
  /** Moves the machine on to `step` when that can happen at once; false otherwise. */
  readonly forward: (step: TStep) => boolean;
  /** The machine's step now (read after each event `back` sends). */
  readonly stepNow: () => TStep;
  /** Puts `search` in the URL of this route (`navigate({ search, ...how })`). */
  readonly write: (search: TSearch, how: FlowWrite) => void;
}

/** The search with empty fields left out, as one comparable string. */
export function searchKey(search: Readonly<Record<string, string | undefined>>): string {
  const fields = Object.entries(search)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(fields);
}

/** The longest trail kept: a flow goes back through its entries, so it never needs more. */
const trailLimit = 20;

/**
 * How many entries back the nearest earlier entry showing `step` is, from the trail of the
 * current entry (its last item); null when the flow has no such entry behind this one.
 */
export function entriesBackTo(trail: readonly string[], step: string): number | null {
  for (let index = trail.length - 2; index >= 0; index -= 1) {
    if (trail[index] === step) return trail.length - 1 - index;
  }
  return null;
}

/** The trail of a new entry showing `step`: after the current entry's, or in its place. */
export function nextTrail(trail: readonly string[], step: string, replace: boolean): string[] {
  const kept = replace ? trail.slice(0, -1) : [...trail];
  return [...kept, step].slice(-trailLimit);
}

/**
 * Keeps the URL and the flow's machine on the same step (see above). Answers `goBack`, the one
 * "back" of the flow for our own back button and Telegram's BackButton: the machine goes back and
 * the URL follows, through the history when the previous step's entry is there; and `leave`, for a
 * flow that has finished: it goes back to the flow's first entry (resolving once there), so the
 * page that follows replaces that one and back from it cannot return into the finished flow.
 */
export function useFlowUrl<TStep extends string, TSearch extends FlowSearch<TStep>>(
  options: FlowUrlOptions<TStep, TSearch>,
): { goBack: () => void; leave: () => Promise<void> } {
  const router = useRouter();
  const { steps, current, url } = options;
  const first = steps[0];
  const rank = useCallback((step: TStep) => steps.indexOf(step), [steps]);
  const latest = useRef(options);
  latest.current = options;
  const lastUrlKey = useRef<string | null>(null);
  /** A navigation this hook started that has not landed yet. */
  const pending = useRef(false);
  /** What was last written, against a URL that reads back differently (no endless rewriting). */
  const lastWritten = useRef<string | null>(null);
  /** The flow is over: the URL no longer follows the machine. */
  const left = useRef(false);

  const urlKey = searchKey(url);
  const currentKey = searchKey(current);

  useEffect(() => {
    if (left.current) return;
    const urlStep = url.step ?? first;
    const trail = router.history.location.state.flowTrail ?? [urlStep];
    if (urlKey !== lastUrlKey.current) {
      const firstLook = lastUrlKey.current === null;
      lastUrlKey.current = urlKey;
      if (urlKey === lastWritten.current) lastWritten.current = null;
      if (pending.current) pending.current = false;
      else if (!firstLook) {
        // Moved from outside: browser back or forward, Android's back.
        lastWritten.current = null;
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
    const back = rank(currentStep) < rank(urlStep) ? entriesBackTo(trail, currentStep) : null;
    if (back !== null) {
      router.history.go(-back);
      return;
    }
    const replace = rank(currentStep) <= rank(urlStep);
    lastWritten.current = currentKey;
    latest.current.write(current, { replace, state: { flowTrail: nextTrail(trail, currentStep, replace) } });
  }, [router, url.step, first, rank, urlKey, currentKey, current]);

  const goBack = useCallback(() => {
    latest.current.back();
  }, []);

  const leave = useCallback(
    () =>
      new Promise<void>((resolve) => {
        left.current = true;
        const back = (router.history.location.state.flowTrail?.length ?? 1) - 1;
        if (back <= 0) {
          resolve();
          return;
        }
        const stop = router.history.subscribe(() => {
          stop();
          resolve();
        });
        router.history.go(-back);
      }),
    [router],
  );

  return { goBack, leave };
}
