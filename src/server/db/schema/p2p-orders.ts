import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OfferTimeLimit, OfferType } from '../../../contract/p2p-market';
import type {
  AmountType,
  CancelCause,
  CancelReason,
  OrderActor,
  OrderStatus,
  OrderTimerKind,
} from '../../../contract/p2p-orders';
import { assets, smallestUnits } from './catalogue';
import { p2pPaymentMethods } from './p2p-market';
import { users } from './users';

/** A fiat amount as orders keep it: price and fiat amount, 2 decimals (like offers). */
const fiatAmount = (name: string) => numeric(name, { precision: 17, scale: 2 });

/**
 * A P2P order (docs/p2p.md "Orders: creation, escrow and reads"). Everything the parties agreed on
 * is copied from the offer when the order is created (price, limits' outcome, method, conditions,
 * time limit), so editing or deleting the offer later changes no order; `offer_id` is therefore a
 * plain reference, not a foreign key (a deleted offer's orders stay).
 *
 * `escrow` is what the seller's `held` ledger account holds for this order: `amount + fee` on a sell
 * offer, `amount` on a buy offer (the fee is then taken from what the buyer receives), from
 * creation until the release or return sets it to 0. It changes only in the transaction that
 * moves the matching money, like the offer's `reserved`.
 */
export const p2pOrders = pgTable(
  'p2p_orders',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id').notNull(),
    offerType: text('offer_type').$type<OfferType>().notNull(),
    makerId: bigint('maker_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    takerId: bigint('taker_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The taker's idempotency key (spec 001 s.9): one order per (taker, unique_hash). */
    uniqueHash: text('unique_hash').notNull(),
    /** The creating request's values, so a repeat with other values is told `hash_reused`. */
    requestDigest: text('request_digest').notNull(),
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    fiatCode: text('fiat_code')
      .notNull()
      .references(() => assets.code),
    status: text('status').$type<OrderStatus>().notNull(),
    /** The locked price, fiat per whole asset unit. */
    price: fiatAmount('price').notNull(),
    /** The crypto traded: fiat_amount ÷ price, rounded down to the asset's decimals. */
    amount: smallestUnits('amount').notNull(),
    fiatAmount: fiatAmount('fiat_amount').notNull(),
    /** Which amount the taker typed: that one is exact, the other derived. */
    amountType: text('amount_type').$type<AmountType>().notNull(),
    /** The maker's fee in crypto. */
    fee: smallestUnits('fee').notNull(),
    escrow: smallestUnits('escrow').notNull(),
    /** The ledger operation every posting of this order's escrow is made under. */
    escrowOperationId: uuid('escrow_operation_id').notNull().default(sql`gen_random_uuid()`),
    /** The payment window in minutes (the offer's time limit then). */
    timeLimit: integer('time_limit').$type<OfferTimeLimit>().notNull(),
    /** The seller's saved method the buyer pays to; null once the seller deleted it (the copy below stays). */
    paymentMethodId: integer('payment_method_id').references(() => p2pPaymentMethods.id, { onDelete: 'set null' }),
    methodIdentifier: text('method_identifier').notNull(),
    methodChildIdentifier: text('method_child_identifier'),
    methodName: text('method_name'),
    /** A copy of the method's sealed details when the order was created (personal data: sealed). */
    methodSealedDetails: text('method_sealed_details').notNull(),
    methodDataTail: text('method_data_tail').notNull(),
    conditions: text('conditions').notNull(),
    cancelCause: text('cancel_cause').$type<CancelCause>(),
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    /** For a buyer without passport or address verification: when the bought crypto frees (P2P.md). */
    buyerLockedUntil: timestamp('buyer_locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('p2p_orders_taker_hash').on(table.takerId, table.uniqueHash),
    index('p2p_orders_maker_idx').on(table.makerId, table.id),
    index('p2p_orders_taker_idx').on(table.takerId, table.id),
    index('p2p_orders_offer_status_idx').on(table.offerId, table.status),
    index('p2p_orders_buyer_lock_idx').on(table.buyerLockedUntil).where(sql`${table.buyerLockedUntil} is not null`),
    check('p2p_orders_offer_type', sql`${table.offerType} in ('buy', 'sell')`),
    check(
      'p2p_orders_status',
      sql`${table.status} in ('processed', 'accepted', 'pending', 'confirmed', 'disputed', 'completed', 'canceled')`,
    ),
    check('p2p_orders_amount_type', sql`${table.amountType} in ('fiat', 'crypto')`),
    check('p2p_orders_parties', sql`${table.makerId} <> ${table.takerId}`),
    check(
      'p2p_orders_amounts',
      sql`${table.amount} > 0 and ${table.fiatAmount} > 0 and ${table.price} > 0 and ${table.fee} >= 0
        and (${table.offerType} = 'sell' or ${table.fee} < ${table.amount})`,
    ),
    // The escrow is either whole or gone: never part of an order's money.
    check(
      'p2p_orders_escrow',
      sql`${table.escrow} = 0 or ${table.escrow} = case when ${table.offerType} = 'sell'
        then ${table.amount} + ${table.fee} else ${table.amount} end`,
    ),
    // Only an ended order has given its escrow away, and an ended order holds nothing.
    check('p2p_orders_escrow_status', sql`(${table.status} in ('completed', 'canceled')) = (${table.escrow} = 0)`),
    check(
      'p2p_orders_cancel',
      sql`(${table.status} = 'canceled') = (${table.cancelCause} is not null)
        and (${table.cancelReason} is null or ${table.cancelCause} is not null)`,
    ),
  ],
);

/** Every status change of an order: who, when, from, to, why (P2P.md "The order lifecycle"). */
export const p2pOrderHistory = pgTable(
  'p2p_order_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => p2pOrders.id, { onDelete: 'cascade' }),
    /** Null for the creation. */
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    actor: text('actor').$type<OrderActor>().notNull(),
    /** A cancel's cause, a dispute's reason, "unmark_paid"…: why, when there is more than who. */
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('p2p_order_history_order_idx').on(table.orderId, table.id)],
);

/**
 * An order's timer as a due row, run by the timers worker (P2P.md "Timers": rows, never in-process
 * timeouts). At most one open (`done_at` null) timer per order: the running one the order shows.
 * `settlement` is the worker's own step for `confirmed` → `completed`; no party sees it.
 */
export const p2pOrderTimers = pgTable(
  'p2p_order_timers',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => p2pOrders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OrderTimerKind | 'settlement'>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('p2p_order_timers_one_open').on(table.orderId).where(sql`${table.doneAt} is null`),
    index('p2p_order_timers_due_idx').on(table.dueAt).where(sql`${table.doneAt} is null`),
    check(
      'p2p_order_timers_kind',
      sql`${table.kind} in ('acceptance', 'payment', 'confirmation', 'dispute_answer', 'settlement')`,
    ),
  ],
);
