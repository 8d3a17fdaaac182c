import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cachingTransitions, type OrderTransitions, orderTransitions } from '../../api/p2pOrderQueries.ts';

/**
 * The order's transition calls, each answer put into the order's cache at once (the page shows
 * the new status without waiting for the next refresh) and the lists marked stale.
 */
export function useOrderTransitions(id: number): OrderTransitions {
  const queryClient = useQueryClient();
  return useMemo(() => cachingTransitions(queryClient, id, orderTransitions(id)), [queryClient, id]);
}
