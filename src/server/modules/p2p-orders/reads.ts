import { and, count, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import { awaitsViewer } from '../../../../machines/p2pOrder.machine';
import {
  type OrderStatus,
  type OrderStatusGroup,
  orderStatuses,
  orderStatusGroupOf,
} from '../../../contract/p2p-orders';
import type { Database } from '../../db/database';
import { p2pOrders } from '../../db/schema/p2p-orders';
import { validationFailed } from '../../http/api-error';
import { orderErrors } from './errors';
import { orderActionsOf } from './lifecycle-facts';
import { type OrderRow, openOrderStatuses, sideOf } from './parties';

// The orders a user may read: only those they are a party to (maker or taker). Anyone else's
// order, like a missing one, is 404 `order_not_found`, so ids tell nothing.

function partyTo(userId: number): SQL | undefined {
  return or(eq(p2pOrders.makerId, userId), eq(p2pOrders.takerId, userId));
}

/** The user's own order, or 404 `order_not_found`. */
export async function ownOrderRow(db: Database, userId: number, id: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(p2pOrders)
    .where(and(eq(p2pOrders.id, id), partyTo(userId)));
  if (row === undefined) throw orderErrors.notFound();
  return row;
}

const statusesOf = (group: OrderStatusGroup): OrderStatus[] =>
  orderStatuses.filter((status) => orderStatusGroupOf[status] === group);

/** The cursor is the last listed order's id (newest first); anything else is 400 `invalid_cursor`. */
function cursorId(cursor: string): number {
  const id = /^[1-9][0-9]{0,9}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) {
    throw validationFailed({
      location: 'query',
      issues: [
        { path: ['cursor'], code: 'invalid_cursor', message: 'Not a cursor of this list; start from the first page' },
      ],
    });
  }
  return id;
}

export interface OrderListQuery {
  readonly count?: number | undefined;
  readonly cursor?: string | undefined;
  readonly status?: OrderStatusGroup | undefined;
}

/** GET /p2p/orders: the user's orders newest first, by group, one keyset page and the next page's cursor. */
export async function listOrderRows(db: Database, userId: number, query: OrderListQuery) {
  const pageSize = query.count ?? 20;
  const rows = await db
    .select()
    .from(p2pOrders)
    .where(
      and(
        partyTo(userId),
        query.status === undefined ? undefined : inArray(p2pOrders.status, statusesOf(query.status)),
        query.cursor === undefined ? undefined : lt(p2pOrders.id, cursorId(query.cursor)),
      ),
    )
    .orderBy(desc(p2pOrders.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return { rows: page, cursor: rows.length > pageSize && last !== undefined ? String(last.id) : null };
}

/**
 * GET /p2p/orders/statistic (polled every 5 s): the user's orders per list group, and how many
 * running ones wait for the user's action (the lifecycle machine's actions for their side).
 */
export async function orderStatistic(db: Database, userId: number) {
  const [counts, running] = await Promise.all([
    db
      .select({ status: p2pOrders.status, orders: count() })
      .from(p2pOrders)
      .where(partyTo(userId))
      .groupBy(p2pOrders.status),
    db
      .select()
      .from(p2pOrders)
      .where(and(partyTo(userId), inArray(p2pOrders.status, [...openOrderStatuses]))),
  ]);
  const groups: Record<OrderStatusGroup, number> = { active: 0, completed: 0, canceled: 0, disputed: 0 };
  for (const row of counts) groups[orderStatusGroupOf[row.status]] += row.orders;
  let actionRequired = 0;
  for (const order of running) {
    const side = sideOf(order, userId);
    if (side !== null && awaitsViewer(await orderActionsOf(db, order, side))) actionRequired += 1;
  }
  return { ...groups, action_required: actionRequired };
}
