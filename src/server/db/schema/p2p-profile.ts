import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ReviewType } from '../../../contract/p2p-profile';
import { users } from './users';

/**
 * A user's market identity (docs/p2p.md "Profiles"). Created on the user's first market call. The
 * public id is what other users see (routes, offers, reviews); the Telegram id never leaves the server.
 */
export const p2pProfiles = pgTable(
  'p2p_profiles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Random, unique, unrelated to the Telegram id. */
    publicId: integer('public_id').notNull().unique(),
    /** Unique regardless of case (the index on lower(username)); kept as the user typed it. */
    username: text('username').notNull(),
    /** When the user was last seen using the app, to the minute (auth/sessions.ts records it). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The verified merchant status (next issue); a badge on offers and profiles. */
    isVerifiedMerchant: boolean('is_verified_merchant').notNull().default(false),
    /**
     * Quiet hours (P2P.md "Quiet hours"): minutes after midnight in the user's settings time zone,
     * both set or both null; `from` after `to` crosses midnight (23:00–07:00).
     */
    quietFromMinute: smallint('quiet_from_minute'),
    quietToMinute: smallint('quiet_to_minute'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('p2p_profiles_username_lower').on(sql`lower(${table.username})`),
    check('p2p_profiles_public_id_positive', sql`${table.publicId} > 0`),
    check(
      'p2p_profiles_quiet_hours',
      sql`(${table.quietFromMinute} is null and ${table.quietToMinute} is null)
        or (${table.quietFromMinute} between 0 and 1439 and ${table.quietToMinute} between 0 and 1439
          and ${table.quietFromMinute} <> ${table.quietToMinute})`,
    ),
  ],
);

/** Every username change: at most two in any 12 months (spec 001 "Username changes"). */
export const p2pUsernameChanges = pgTable(
  'p2p_username_changes',
  {
    id: serial('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromUsername: text('from_username').notNull(),
    toUsername: text('to_username').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('p2p_username_changes_user_idx').on(table.userId, table.changedAt)],
);

/**
 * A user's trading per UTC day: order transitions (next issue) add to the day's row, so the 30-day
 * and all-time figures are sums over a few rows. `cancelled` counts only cancels the user caused.
 */
export const p2pTradeDays = pgTable(
  'p2p_trade_days',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    completedOrders: integer('completed_orders').notNull().default(0),
    cancelledOrders: integer('cancelled_orders').notNull().default(0),
    /** Volume of the day's completed orders in US cents. */
    volumeUsdCents: bigint('volume_usd_cents', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    check(
      'p2p_trade_days_non_negative',
      sql`${table.completedOrders} >= 0 AND ${table.cancelledOrders} >= 0 AND ${table.volumeUsdCents} >= 0`,
    ),
  ],
);

/** One review per side per completed order (P2P.md), written by the next issue's orders. */
export const p2pReviews = pgTable(
  'p2p_reviews',
  {
    id: serial('id').primaryKey(),
    /** Who is reviewed. */
    subjectUserId: bigint('subject_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorUserId: bigint('author_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The order reviewed (the orders table comes with the next issue). */
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    type: text('type').$type<ReviewType>().notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('p2p_reviews_one_per_side').on(table.orderId, table.authorUserId),
    index('p2p_reviews_subject_idx').on(table.subjectUserId, table.createdAt, table.id),
    check('p2p_reviews_type', sql`${table.type} IN ('positive', 'negative')`),
    check('p2p_reviews_not_self', sql`${table.subjectUserId} <> ${table.authorUserId}`),
    check('p2p_reviews_comment_length', sql`char_length(${table.comment}) <= 500`),
  ],
);
