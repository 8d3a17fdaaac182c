import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { OrderNoticeKind } from '../../modules/p2p-notifications/kinds';
import { p2pOrders } from './p2p-orders';
import { users } from './users';

/**
 * A bot message about an order, written in the transaction of the change it tells about and sent
 * by the notifications worker after commit (docs/p2p.md "Orders: disputes, support and
 * notifications"). The text is rendered when sent, in the receiver's language then.
 */
export const p2pNotifications = pgTable(
  'p2p_notifications',
  {
    id: serial('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => p2pOrders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OrderNoticeKind>().notNull(),
    /** The deep link's start parameter (`order-{id}`, `order-{id}-confirm-payment`, …). */
    startParam: text('start_param').notNull(),
    /** A notice with no running clock behind it: held while the receiver is in quiet hours. */
    canWait: boolean('can_wait').notNull(),
    /** Not sent before then: the next attempt after a failure or quiet hours. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up (the bot refused it too many times); never sent. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('p2p_notifications_due_idx')
      .on(table.dueAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    index('p2p_notifications_order_idx').on(table.orderId),
  ],
);
