import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteErrorScreen } from './features/shell/ErrorScreen.tsx';
import { NotFound } from './features/shell/NotFound.tsx';
import { trackHistory } from './lib/back.ts';
import { type HistoryAction, shouldResetScroll, shouldRestoreScroll } from './lib/scroll.ts';
import type { Session } from './lib/session.ts';
import type { Platform } from './platform/types.ts';
import { routeTree } from './routeTree.gen.ts';

export interface RouterContext {
  readonly queryClient: QueryClient;
  readonly platform: Platform;
  readonly session: Session;
}

/** `history` is the browser's by default; tests pass a memory history. */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  // The last history action, so the scroll rule can tell back/forward from a new navigation.
  let lastAction: HistoryAction | null = null;

  const router = createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // TanStack Query owns freshness; the router must not cache loader results on top of it.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteErrorScreen,
    defaultNotFoundComponent: NotFound,
    // Scroll positions are remembered per path (see lib/scroll.ts for the rule)…
    getScrollRestorationKey: (location) => location.pathname,
    // …and restored only on back/forward or when the navigation's state asks for it.
    scrollRestoration: ({ location }) => shouldRestoreScroll(lastAction, location.state),
  });

  // Where each history entry is, so "back" knows where the person came from (lib/back.ts).
  trackHistory(router.history);
  router.history.subscribe(({ action }) => {
    lastAction = action.type;
  });
  router.subscribe('onRendered', ({ fromLocation, toLocation }) => {
    const restoring = shouldRestoreScroll(lastAction, toLocation.state);
    if (shouldResetScroll(restoring, fromLocation?.pathname ?? null, toLocation.pathname))
      window.scrollTo({ top: 0, left: 0 });
  });
  // Expand the mini app (or not) after every navigation, the first one included.
  router.subscribe('onResolved', ({ toLocation }) => context.platform.navigated(toLocation.pathname));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
