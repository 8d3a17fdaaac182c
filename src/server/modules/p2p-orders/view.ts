import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type {
  Order,
  OrderHistoryEntry,
  OrderListItem,
  OrderPaymentDetail,
  OrderPaymentMethod,
  OrderSide,
  OrderStatus,
} from '../../../contract/p2p-orders';
import { maskPaymentData } from '../../../contract/p2p-payment-details';
import type { Language } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { p2pOrderHistory, p2pOrderTimers } from '../../db/schema/p2p-orders';
import { disputeViewOf } from '../p2p-disputes/view';
import { catalogueNames, fieldsOf, resolveCatalogueChoice } from '../p2p-market/payment-catalogue';
import { fiatAmountOf, fiatCents } from '../p2p-offers/money';
import type { DetailsCipher } from '../p2p-payment-methods/details-cipher';
import { orderReviewsOf } from '../p2p-profile/order-review-view';
import { offerUsersOf } from '../p2p-profile/summaries';
import { orderActionsOf } from './lifecycle-facts';
import { type OrderRow, sellerOf, sideOf } from './parties';

// An order as one of its parties sees it (spec 001 s.4 "P2P order"). The seller's full payment
// details go to the buyer alone, and only while the buyer has to pay or has paid: from `accepted`
// until the order ends (P2P.md "Payment methods"); everyone else, the seller included, sees the
// main detail's last 4 characters. Support's view is the disputes module's.

export interface OrderViewer {
  readonly userId: number;
  readonly language: Language;
}

/** Statuses in which the buyer sees the seller's full details. */
const detailsShownIn: ReadonlySet<OrderStatus> = new Set(['accepted', 'pending', 'confirmed', 'disputed']);

function fiatText(amount: string): string {
  return fiatAmountOf(fiatCents(amount));
}

/** The sealed copy opened and put in the catalogue entry's field order (a field the entry no longer has comes last, as text). */
function fullDetails(order: OrderRow, cipher: DetailsCipher): OrderPaymentDetail[] {
  const values = cipher.open(sellerOf(order), order.methodSealedDetails);
  const choice = resolveCatalogueChoice(order.fiatCode, order.methodIdentifier, order.methodChildIdentifier);
  const fields = choice === null ? [] : fieldsOf(choice);
  const known = fields.flatMap((field) => {
    const value = values[field.key];
    return value === undefined ? [] : [{ key: field.key, kind: field.kind, value }];
  });
  const unknown = Object.entries(values)
    .filter(([key]) => !fields.some((field) => field.key === key))
    .map(([key, value]) => ({ key, kind: 'text' as const, value }));
  return [...known, ...unknown];
}

function paymentMethodOf(
  order: OrderRow,
  side: OrderSide,
  viewer: OrderViewer,
  cipher: DetailsCipher,
): OrderPaymentMethod {
  const names = catalogueNames(order.fiatCode, order.methodIdentifier, order.methodChildIdentifier, viewer.language);
  return {
    identifier: order.methodIdentifier,
    locale: names.locale,
    child_identifier: order.methodChildIdentifier,
    child_locale: names.child_locale,
    name: side === 'seller' ? order.methodName : null,
    data: maskPaymentData(order.methodDataTail),
    details: side === 'buyer' && detailsShownIn.has(order.status) ? fullDetails(order, cipher) : null,
  };
}

/** The running timer the parties see (the settlement step is the worker's own). */
async function runningTimers(db: Database, orderIds: readonly number[]) {
  if (orderIds.length === 0) return new Map<number, Order['timer']>();
  const rows = await db
    .select()
    .from(p2pOrderTimers)
    .where(
      and(
        inArray(p2pOrderTimers.orderId, [...orderIds]),
        isNull(p2pOrderTimers.doneAt),
        ne(p2pOrderTimers.kind, 'settlement'),
      ),
    );
  return new Map(
    rows.flatMap((row) =>
      row.kind === 'settlement' ? [] : [[row.orderId, { kind: row.kind, due_at: row.dueAt.toISOString() }] as const],
    ),
  );
}

/** One order as a list row for the viewer, or null when they are not a party. */
async function listItemOf(
  db: Database,
  viewer: OrderViewer,
  order: OrderRow,
  counterparty: OrderListItem['counterparty'] | undefined,
  timer: Order['timer'] | undefined,
): Promise<OrderListItem | null> {
  const side = sideOf(order, viewer.userId);
  if (side === null || counterparty === undefined) return null;
  return {
    id: order.id,
    offer_type: order.offerType,
    asset: order.assetCode,
    fiat: order.fiatCode,
    status: order.status,
    side,
    is_maker: order.makerId === viewer.userId,
    counterparty,
    price: fiatText(order.price),
    amount: order.amount,
    fiat_amount: fiatText(order.fiatAmount),
    actions: await orderActionsOf(db, order, side),
    timer: timer ?? null,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}

const counterpartyIdOf = (order: OrderRow, viewer: OrderViewer) =>
  order.makerId === viewer.userId ? order.takerId : order.makerId;

/** Orders as list rows for the viewer, in the given order; rows the viewer is no party to are left out. */
export async function toOrderListItems(
  db: Database,
  viewer: OrderViewer,
  orders: readonly OrderRow[],
  now: Date,
): Promise<OrderListItem[]> {
  const [users, timers] = await Promise.all([
    offerUsersOf(db, [...new Set(orders.map((order) => counterpartyIdOf(order, viewer)))], now),
    runningTimers(
      db,
      orders.map((order) => order.id),
    ),
  ]);
  const items: OrderListItem[] = [];
  for (const order of orders) {
    const item = await listItemOf(db, viewer, order, users.get(counterpartyIdOf(order, viewer)), timers.get(order.id));
    if (item !== null) items.push(item);
  }
  return items;
}

function historyOf(rows: readonly (typeof p2pOrderHistory.$inferSelect)[]): OrderHistoryEntry[] {
  return rows.map((row) => ({
    from: row.fromStatus,
    to: row.toStatus,
    actor: row.actor,
    detail: row.detail,
    at: row.at.toISOString(),
  }));
}

/**
 * Seam the disputes module fills: the order's dispute as the viewer sees it. A null dispute is read
 * by the disputes module's view (its statements, the viewer's files). Reviews are always read.
 */
export interface OrderExtras {
  readonly dispute: Order['dispute'];
}

export const noExtras: OrderExtras = { dispute: null };

/** One order as the viewer (a party) sees it; null when they are not a party. */
export async function toOrder(
  db: Database,
  cipher: DetailsCipher,
  viewer: OrderViewer,
  order: OrderRow,
  now: Date,
  extras: OrderExtras = noExtras,
): Promise<Order | null> {
  const [items, history] = await Promise.all([
    toOrderListItems(db, viewer, [order], now),
    db.select().from(p2pOrderHistory).where(eq(p2pOrderHistory.orderId, order.id)).orderBy(asc(p2pOrderHistory.id)),
  ]);
  const [item] = items;
  if (item === undefined) return null;
  const canceledAt = history.findLast((entry) => entry.toStatus === 'canceled')?.at ?? order.updatedAt;
  return {
    id: item.id,
    offer_id: order.offerId,
    offer_type: item.offer_type,
    asset: item.asset,
    fiat: item.fiat,
    status: item.status,
    side: item.side,
    is_maker: item.is_maker,
    counterparty: item.counterparty,
    price: item.price,
    amount: item.amount,
    fiat_amount: item.fiat_amount,
    fee: order.fee,
    time_limit: order.timeLimit,
    payment_method: paymentMethodOf(order, item.side, viewer, cipher),
    conditions: order.conditions,
    actions: item.actions,
    timer: item.timer,
    cancel:
      order.cancelCause === null
        ? null
        : { cause: order.cancelCause, reason: order.cancelReason, at: canceledAt.toISOString() },
    dispute: extras.dispute ?? (await disputeViewOf(db, order.id, item.side)),
    reviews: await orderReviewsOf(db, order.id, viewer.userId),
    locked_until:
      item.side === 'buyer' && order.buyerLockedUntil !== null ? order.buyerLockedUntil.toISOString() : null,
    history: historyOf(history),
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}
