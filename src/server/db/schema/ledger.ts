import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assets, smallestUnits } from './catalogue';
import { users } from './users';

/**
 * One balance of the double-entry ledger. A user has an `available` and a `held` account per asset;
 * the system has `external` (the world outside the wallet: deposits come from it, withdrawals go
 * to it) and `fees` per asset. Only `external` may go below zero, so the sum of all user accounts
 * always equals minus the external balances (net inflow).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Null for system accounts. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    kind: text('kind').$type<'available' | 'held' | 'external' | 'fees'>().notNull(),
    balance: smallestUnits('balance').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_user_asset_kind')
      .on(table.userId, table.assetCode, table.kind)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('ledger_accounts_system_asset_kind')
      .on(table.assetCode, table.kind)
      .where(sql`${table.userId} is null`),
    check(
      'ledger_accounts_owner_kind',
      sql`(${table.userId} is not null and ${table.kind} in ('available', 'held'))
        or (${table.userId} is null and ${table.kind} in ('external', 'fees'))`,
    ),
    check('ledger_accounts_not_negative', sql`${table.kind} = 'external' or ${table.balance} >= 0`),
  ],
);

/**
 * A balanced set of entries posted together. `operationId` groups the journals of one operation
 * (a withdrawal's hold, then its settlement or release): the wallet history shows one item per
 * operation, typed by `type` (a wallet transaction type of spec 000 s.3).
 */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    operationId: uuid('operation_id').notNull(),
    type: text('type').notNull(),
    /** What this step of the operation did: credit, hold, release, settle, fee, transfer. */
    step: text('step').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ledger_journals_operation_idx').on(table.operationId)],
);

/** One side of a journal: a signed change of one account. Each journal's entries sum to zero per asset. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Signed: positive credits the account, negative debits it. Never zero. */
    amount: smallestUnits('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId, table.createdAt),
    index('ledger_entries_journal_idx').on(table.journalId),
    check('ledger_entries_not_zero', sql`${table.amount} <> 0`),
  ],
);

/**
 * What each operation did to each user, per asset: the sum of its entries on the user's `available`
 * and `held` accounts (zero when it only moved money between them), and when the operation's first
 * journal was posted. Written by every posting in the same statement as its entries (never by
 * anything else), so it always equals what the entries say; the history reads a page of it by
 * index instead of summing the user's whole ledger (docs/ledger.md, "The history's summary").
 */
export const ledgerUserOperations = pgTable(
  'ledger_user_operations',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    operationId: uuid('operation_id').notNull(),
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    /** Signed net change of the user's available + held. */
    net: smallestUnits('net').notNull(),
    /** The earliest `created_at` of the operation's journals (any user, any asset): the history's sort key. */
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.operationId, table.userId, table.assetCode] }),
    // The history's keyset order (first_at, operation_id, asset_code), newest first, read backwards.
    index('ledger_user_operations_history_idx').on(table.userId, table.firstAt, table.operationId, table.assetCode),
    index('ledger_user_operations_asset_history_idx').on(
      table.userId,
      table.assetCode,
      table.firstAt,
      table.operationId,
    ),
  ],
);
