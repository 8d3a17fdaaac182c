import { useEffect, useRef } from 'react';

/** The next page starts loading while the end of the list is still this far below the screen. */
const preloadMargin = '400px 0px';

/**
 * Infinite scroll: returns a ref for an element placed after the list's last item; when it comes
 * near the viewport and `enabled` (there is a next page and none is loading), `onVisible` runs.
 * Browsers without IntersectionObserver simply do not load more by scrolling.
 */
export function useLoadMoreSentinel<E extends Element>(enabled: boolean, onVisible: () => void) {
  const sentinel = useRef<E>(null);
  // The latest callback, so a new function each render does not recreate the observer.
  const latest = useRef(onVisible);
  latest.current = onVisible;

  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: preloadMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);

  return sentinel;
}
