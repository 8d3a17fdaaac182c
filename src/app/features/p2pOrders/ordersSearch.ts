import * as z from 'zod/mini';
import type { OrderStatusGroup } from '../../../contract/p2p-orders.ts';

/**
 * The orders list's filter lives in its URL (`/p2p/orders?status=completed`); the default,
 * active, is not written. The route's `validateSearch`, so part of every first screen: zod and a
 * type only (docs/performance.md, "How to write a route file").
 */
export const orderListFilters = [
  'active',
  'completed',
  'canceled',
  'disputed',
] as const satisfies readonly OrderStatusGroup[];

export const ordersSearch = z.object({
  status: z.catch(z.optional(z.enum(orderListFilters)), undefined),
});
export type OrdersSearch = z.infer<typeof ordersSearch>;
