import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assets, smallestUnits } from './catalogue';
import { users } from './users';

/**
 * The stored part of a user's verified-merchant status (docs/p2p.md "Reputation, quiet hours and
 * verified merchants"). `conditions_not_met` and `can_apply` are not stored: they are read from
 * the conditions whenever no deposit is held (no row, or a `closed` one).
 */
export const merchantRowStatuses = ['on_review', 'verified_merchant', 'refund_pending', 'closed'] as const;
export type MerchantRowStatus = (typeof merchantRowStatuses)[number];

export const p2pMerchants = pgTable(
  'p2p_merchants',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<MerchantRowStatus>().notNull(),
    depositAsset: text('deposit_asset')
      .notNull()
      .references(() => assets.code),
    /** What the ledger holds for this application while it is not `closed`. */
    depositAmount: smallestUnits('deposit_amount').notNull(),
    /** The ledger operation of this application's hold and release: a new one each time the user applies. */
    depositOperationId: uuid('deposit_operation_id').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    /** When support approved or rejected the application. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** With `refund_pending`: when the worker releases the deposit. */
    refundAt: timestamp('refund_at', { withTimezone: true }),
    /** Support's note of the last rejection. */
    rejectionNote: text('rejection_note'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('p2p_merchants_refund_due_idx').on(table.refundAt).where(sql`${table.status} = 'refund_pending'`),
    index('p2p_merchants_review_idx').on(table.appliedAt).where(sql`${table.status} = 'on_review'`),
    check(
      'p2p_merchants_status',
      sql`${table.status} in ('on_review', 'verified_merchant', 'refund_pending', 'closed')`,
    ),
    check('p2p_merchants_refund_at', sql`(${table.status} = 'refund_pending') = (${table.refundAt} is not null)`),
    check('p2p_merchants_deposit_positive', sql`${table.depositAmount} > 0`),
  ],
);
