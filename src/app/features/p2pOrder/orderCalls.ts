import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toApiError } from '../../api/errors.ts';
import { cachingTransitions, type OrderTransitions, orderTransitions } from '../../api/p2pOrderQueries.ts';

/**
 * The order's transition calls, each answer put into the order's cache at once (the page shows
 * the new status without waiting for the next refresh) and the lists marked stale.
 */
export function useOrderTransitions(id: number): OrderTransitions {
  const queryClient = useQueryClient();
  return useMemo(() => cachingTransitions(queryClient, id, orderTransitions(id)), [queryClient, id]);
}

/** How the order machines expect a failed call: the HTTP status (null without an answer) and the server's code. */
export function callFailureOf(thrown: unknown): { status: number | null; reason: string | null } {
  const error = toApiError(thrown);
  return error === null ? { status: null, reason: null } : { status: error.code, reason: error.reason };
}

/** Runs `call`, rejecting as the order machines expect. */
export async function asMachineCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (thrown) {
    throw callFailureOf(thrown);
  }
}
