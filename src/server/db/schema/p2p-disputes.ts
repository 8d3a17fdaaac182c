import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DisputeOutcome, DisputeReason, OrderSide } from '../../../contract/p2p-orders';
import { storedFiles } from './compliance';
import { p2pOrders } from './p2p-orders';
import { users } from './users';

/**
 * An order's dispute (docs/p2p.md "Orders: disputes, support and notifications"): at most one per
 * order, since support's resolution ends the order. The opener's statement, the other side's
 * answer (once), both clocks, and support's final decision.
 */
export const p2pDisputes = pgTable(
  'p2p_disputes',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => p2pOrders.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<DisputeReason>().notNull(),
    openedBy: text('opened_by').$type<OrderSide>().notNull(),
    openingMessage: text('opening_message').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    responseMessage: text('response_message'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** The other side must answer by then (P2P.md: 12 h). */
    responseDueAt: timestamp('response_due_at', { withTimezone: true }).notNull(),
    /** Support's target for a decision, shown to both sides as a countdown. */
    supportDueAt: timestamp('support_due_at', { withTimezone: true }).notNull(),
    outcome: text('outcome').$type<DisputeOutcome>(),
    atFault: text('at_fault').$type<OrderSide>(),
    note: text('note'),
    /** The operator's Telegram id; null when the local-mode stand-in page decided. */
    resolvedBy: bigint('resolved_by', { mode: 'number' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    index('p2p_disputes_open_idx').on(table.supportDueAt).where(sql`${table.resolvedAt} is null`),
    check('p2p_disputes_opened_by', sql`${table.openedBy} in ('buyer', 'seller')`),
    check('p2p_disputes_response', sql`(${table.responseMessage} is null) = (${table.respondedAt} is null)`),
    check(
      'p2p_disputes_resolution',
      sql`(${table.resolvedAt} is null) = (${table.outcome} is null)
        and (${table.resolvedAt} is null) = (${table.note} is null)
        and (${table.outcome} is null or ${table.outcome} in ('release', 'return'))
        and (${table.atFault} is null or ${table.atFault} in ('buyer', 'seller'))`,
    ),
  ],
);

/**
 * A file one side uploaded for its statement on an order's dispute. Uploaded first (no statement
 * yet), then attached when the opening or the answer names it; the bytes are the uploads module's,
 * readable by the uploader and by support only.
 */
export const p2pDisputeFiles = pgTable(
  'p2p_dispute_files',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => p2pOrders.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    uploadedBy: bigint('uploaded_by', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    side: text('side').$type<OrderSide>().notNull(),
    /** Null until a statement names the file. */
    statement: text('statement').$type<'opening' | 'response'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('p2p_dispute_files_file').on(table.fileId),
    index('p2p_dispute_files_order_idx').on(table.orderId, table.side),
    check('p2p_dispute_files_side', sql`${table.side} in ('buyer', 'seller')`),
    check(
      'p2p_dispute_files_statement',
      sql`${table.statement} is null or ${table.statement} in ('opening', 'response')`,
    ),
  ],
);
