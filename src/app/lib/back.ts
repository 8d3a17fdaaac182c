import {
  type RegisteredRouter,
  type RouterHistory,
  useRouter,
  useSearch,
  type ValidateNavigateOptions,
} from '@tanstack/react-router';
import { useCallback, useRef } from 'react';
import * as z from 'zod/mini';

/**
 * The spec's `back` query parameter (000 s.2: "an optional query parameter back is used widely
 * to decide where the back action goes"): a path inside the app, e.g.
 * `/transactions/deposit/7?back=/wallet/TON`. Only a path on this origin is accepted (no
 * scheme, no `//host`, no backslash, no spaces), so a link cannot send anyone elsewhere; anything
 * else is dropped as if absent.
 */
export const inAppPath = z.string().check(z.maxLength(512), z.regex(/^\/(?![/\\])[^\s\\]*$/));

/**
 * Spec 001 s.2: `back=offers` on the offer screen means "the offers list of the offer's type",
 * which only that screen can work out (features/p2pOffer/offerBack.ts); everywhere else it is
 * no target, as if absent.
 */
export const offersListBack = 'offers';

/** Every route's search accepts `back` (validated once, on the root route). */
export const backSearch = z.object({
  back: z.catch(z.optional(z.union([inAppPath, z.literal(offersListBack)])), undefined),
});

// The path of every history entry this tab has seen the app make, by the router's entry index
// (`__TSR_index`), so "back" can tell whether the previous entry is where it wants to go.
// In memory only: paths carry ids, and a reload forgets them (then an in-app previous entry is
// still known to exist from its index, just not where it is).
const trails = new WeakMap<RouterHistory, Map<number, string>>();

function entryIndex(history: RouterHistory): number {
  return history.location.state.__TSR_index ?? 0;
}

/** Called once by the router: remembers where each history entry is. */
export function trackHistory(history: RouterHistory): () => void {
  const trail = new Map<number, string>();
  trails.set(history, trail);
  const remember = () => {
    trail.set(entryIndex(history), history.location.href);
  };
  remember();
  return history.subscribe(remember);
}

/**
 * The in-app entry `steps` back from this one: its path when known, `'unknown'` after a reload,
 * null when there is none.
 */
export function entryBehind(history: RouterHistory, steps: number): string | null {
  const index = entryIndex(history);
  if (index - steps < 0) return null;
  return trails.get(history)?.get(index - steps) ?? 'unknown';
}

/** The previous in-app entry (see `entryBehind`). */
function previousEntry(history: RouterHistory): string | null {
  return entryBehind(history, 1);
}

/**
 * Where a screen's back action goes, decided in one place:
 * 1. the `back` query parameter, when the link that opened the screen named it;
 * 2. otherwise where the person came from, one step back in history, when that was in the app;
 * 3. otherwise (opened from outside: a deep link, a new tab) the screen's parent, `fallback`.
 * A target that is the previous entry is reached with `history.back()` (so browser back and
 * forward stay in step); any other target replaces this entry, so back never piles up entries.
 * The function is stable (flows may list it in effect dependencies).
 *
 * `ignoreBackParam`: for the later pages of a flow of several routes that carry `back` along as
 * where the flow returns when it is done (adding a payment method from the create-offer flow):
 * their back is one page back, skipping rule 1.
 */
export function useBack<TOptions>(
  fallback: ValidateNavigateOptions<RegisteredRouter, TOptions>,
  { ignoreBackParam = false }: { ignoreBackParam?: boolean } = {},
): () => void {
  const router = useRouter();
  const backParam = useSearch({ strict: false, select: (search) => search.back });
  const back = ignoreBackParam || backParam === offersListBack ? undefined : backParam;
  const latestFallback = useRef(fallback);
  latestFallback.current = fallback;
  return useCallback(() => {
    const previous = previousEntry(router.history);
    if (back !== undefined) {
      if (previous === back) router.history.back();
      else void router.navigate({ href: back, replace: true });
    } else if (previous !== null) {
      router.history.back();
    } else {
      void router.navigate({ ...latestFallback.current, replace: true });
    }
  }, [router, back]);
}
