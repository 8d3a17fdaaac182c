import type { QueryClient } from '@tanstack/react-query';
import type { Session } from './session.ts';

/**
 * A route loader's prefetch of the person's own data, sent only once they are signed in. In the
 * mini app a deep link or a reload runs the loaders while the sign-in from the init data is still
 * under way: a request sent then carries no session and comes back 401, and the screen showed
 * "Couldn't load…" while its own fetch, once signed in, was already bringing the data. Signed in
 * already (every move inside the app), it prefetches at once; signed out, never.
 */
export function prefetchSignedIn(
  context: { readonly queryClient: QueryClient; readonly session: Session },
  prefetch: (queryClient: QueryClient) => void,
): void {
  const { queryClient, session } = context;
  if (session.actor.getSnapshot().hasTag('signedIn')) {
    prefetch(queryClient);
    return;
  }
  // The session query waits for the sign-in to settle (features/session/session.ts).
  queryClient.fetchQuery(session.queryOptions).then(
    (state) => {
      if (state.status === 'signed-in') prefetch(queryClient);
    },
    // A failed session check is the shell's to show; the screen's own queries follow it.
    () => undefined,
  );
}
