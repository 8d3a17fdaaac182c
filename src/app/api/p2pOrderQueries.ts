import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '../../contract/endpoint.ts';
import { type Order, type OrderStatusGroup, p2pOrderEndpoints } from '../../contract/p2p-orders.ts';
import { call } from './call.ts';
import { type UploadProgress, uploadCall } from './upload.ts';

// P2P orders (spec 001 s.7): one order, the list, the statistic, and one call per transition.
// Every key sits under ['p2p', 'orders'] so that a new order or a transition refreshes them all.

export const p2pOrdersQueryKey = ['p2p', 'orders'] as const;

/** Spec 001 s.9 "Orders and offer stats refresh: 5 s". */
export const orderRefreshMs = 5_000;

/** Spec 001 s.9 "List page size: 40 divided by a device divider" (1 today). */
export const ordersPageSize = 40;

export function orderQueryKey(id: number) {
  return [...p2pOrdersQueryKey, 'one', id] as const;
}

/** GET /p2p/orders/{id}: the order as the caller sees it, with its `actions` and running `timer`. */
export function orderQueryOptions(id: number) {
  return queryOptions({
    queryKey: orderQueryKey(id),
    queryFn: ({ signal }) => call(p2pOrderEndpoints.getOrder, { params: { id }, signal }),
    // The other side and the timers move the order on: the page follows within 5 s.
    refetchInterval: orderRefreshMs,
    staleTime: 0,
  });
}

/** The first page has no cursor. */
const firstPage: string | null = null;

/** GET /p2p/orders: newest first, a page at a time by cursor; `status` is the list filter. */
export function ordersQueryOptions(status: OrderStatusGroup | null) {
  return infiniteQueryOptions({
    queryKey: [...p2pOrdersQueryKey, 'list', status] as const,
    queryFn: ({ signal, pageParam }) =>
      call(p2pOrderEndpoints.listOrders, {
        signal,
        query: { count: ordersPageSize, cursor: pageParam ?? undefined, status: status ?? undefined },
      }),
    initialPageParam: firstPage,
    getNextPageParam: (lastPage) => lastPage.cursor,
    refetchInterval: orderRefreshMs,
  });
}

/** GET /p2p/orders/statistic: counts per filter and how many orders wait for the caller. */
export function orderStatisticQueryOptions() {
  return queryOptions({
    queryKey: [...p2pOrdersQueryKey, 'statistic'] as const,
    queryFn: ({ signal }) => call(p2pOrderEndpoints.getOrderStatistic, { signal }),
    refetchInterval: orderRefreshMs,
    staleTime: 0,
  });
}

/** After a new order or a transition: every order query (lists, counts, the order itself) is stale. */
export function refreshOrders(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: p2pOrdersQueryKey });
}

export type CancelOrderBody = BodyOf<typeof p2pOrderEndpoints.cancelOrder>;
export type DisputeBody = BodyOf<typeof p2pOrderEndpoints.openOrderDispute>;
export type DisputeResponseBody = BodyOf<typeof p2pOrderEndpoints.respondToOrderDispute>;
export type ReviewBody = BodyOf<typeof p2pOrderEndpoints.reviewOrder>;

/**
 * The transition calls of one order, each answering the order as the caller now sees it. Plain
 * functions, so a machine can take them as its injected effects; `useOrderTransitions`
 * (features/p2pOrder) puts the answer into the cache.
 */
export interface OrderTransitions {
  readonly accept: () => Promise<Order>;
  readonly decline: () => Promise<Order>;
  readonly cancel: (body: CancelOrderBody) => Promise<Order>;
  readonly markPaid: () => Promise<Order>;
  readonly unmarkPaid: () => Promise<Order>;
  /** `token`: a passcode token of type `p2p` for releaseHash(id). */
  readonly confirmReceipt: (token: string) => Promise<Order>;
  readonly openDispute: (body: DisputeBody) => Promise<Order>;
  readonly respondToDispute: (body: DisputeResponseBody) => Promise<Order>;
  readonly review: (body: ReviewBody) => Promise<Order>;
}

export function orderTransitions(id: number): OrderTransitions {
  const params = { id };
  return {
    accept: () => call(p2pOrderEndpoints.acceptOrder, { params }),
    decline: () => call(p2pOrderEndpoints.declineOrder, { params }),
    cancel: (body) => call(p2pOrderEndpoints.cancelOrder, { params, body }),
    markPaid: () => call(p2pOrderEndpoints.markOrderPaid, { params }),
    unmarkPaid: () => call(p2pOrderEndpoints.unmarkOrderPaid, { params }),
    confirmReceipt: (token) => call(p2pOrderEndpoints.confirmOrderReceipt, { params, body: { token } }),
    openDispute: (body) => call(p2pOrderEndpoints.openOrderDispute, { params, body }),
    respondToDispute: (body) => call(p2pOrderEndpoints.respondToOrderDispute, { params, body }),
    review: (body) => call(p2pOrderEndpoints.reviewOrder, { params, body }),
  };
}

/**
 * Wraps transitions so each answer replaces the cached order at once (the page shows the new
 * status without waiting for a refetch) and marks the lists and counts stale.
 */
export function cachingTransitions(queryClient: QueryClient, id: number, calls: OrderTransitions): OrderTransitions {
  const settle = async (answer: Promise<Order>): Promise<Order> => {
    const order = await answer;
    queryClient.setQueryData(orderQueryKey(id), order);
    void queryClient.invalidateQueries({
      queryKey: p2pOrdersQueryKey,
      predicate: (query) => query.queryKey[2] !== 'one' || query.queryKey[3] !== id,
    });
    return order;
  };
  return {
    accept: () => settle(calls.accept()),
    decline: () => settle(calls.decline()),
    cancel: (body) => settle(calls.cancel(body)),
    markPaid: () => settle(calls.markPaid()),
    unmarkPaid: () => settle(calls.unmarkPaid()),
    confirmReceipt: (token) => settle(calls.confirmReceipt(token)),
    openDispute: (body) => settle(calls.openDispute(body)),
    respondToDispute: (body) => settle(calls.respondToDispute(body)),
    review: (body) => settle(calls.review(body)),
  };
}

/** POST /p2p/orders/{id}/dispute/files: one image for the caller's dispute statement. */
export function uploadDisputeFile(
  id: number,
  file: File,
  options: { readonly signal?: AbortSignal; readonly onProgress?: (progress: UploadProgress) => void } = {},
) {
  const form = new FormData();
  form.append('file', file);
  return uploadCall(p2pOrderEndpoints.uploadDisputeFile, { params: { id }, form, ...options });
}
