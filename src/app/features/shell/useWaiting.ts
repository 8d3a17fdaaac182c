import { type Query, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * A query the person is waiting for: one with nothing to show yet (a first load, a retry after
 * an error) or loading the next page they scrolled to. A refetch of data already on screen (the
 * balance every 5 s) keeps the screen as it is and is no wait.
 */
export function isAwaited(query: Query): boolean {
  return query.state.data === undefined || query.state.fetchMeta?.fetchMore !== undefined;
}

/**
 * Whether a request the person waits for is in flight: an awaited query or any mutation (a save,
 * a delete, a new address). The loading indicator shows its spinner when this lasts 1 s and the
 * slow message at 5 s (machines/loadingIndicator.machine.ts). Read straight from the caches (no
 * useIsFetching/useIsMutating): the shell is on the first screen, which must stay small.
 */
export function useWaitingForServer(): boolean {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const stopQueries = queryClient.getQueryCache().subscribe(onChange);
      const stopMutations = queryClient.getMutationCache().subscribe(onChange);
      return () => {
        stopQueries();
        stopMutations();
      };
    },
    [queryClient],
  );
  const waiting = () => queryClient.isFetching({ predicate: isAwaited }) + queryClient.isMutating() > 0;
  return useSyncExternalStore(subscribe, waiting);
}
