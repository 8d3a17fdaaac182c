import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assets, smallestUnits } from './catalogue';
import { users } from './users';

/** Addresses a user receives on, per network (spec 000 s.3 "Deposit address"). */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    address: text('address').notNull(),
    name: text('name'),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deposit_addresses_network_address').on(table.network, table.address),
    uniqueIndex('deposit_addresses_one_main').on(table.userId, table.network).where(sql`${table.isMain}`),
    index('deposit_addresses_user_network_idx').on(table.userId, table.network, table.createdAt),
  ],
);

/** Incoming chain transfers seen by the chain integration, credited or not. */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    network: text('network').notNull(),
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    address: text('address').notNull(),
    amount: smallestUnits('amount').notNull(),
    txid: text('txid').notNull(),
    /** The deposit address it reached; null when the address is not one of ours. */
    depositAddressId: uuid('deposit_address_id').references(() => depositAddresses.id),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    /** credited: on the user's balance; below_minimum: kept aside; unknown_address: not ours. */
    status: text('status').$type<'credited' | 'below_minimum' | 'unknown_address'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chain_deposits_network_txid').on(table.network, table.txid),
    index('chain_deposits_user_idx').on(table.userId, table.createdAt),
  ],
);

/** Withdrawals to chain addresses (spec 000 s.4 "Withdrawal"), moved on by the chain worker. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    /** Also the ledger operation id of the withdrawal. */
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    idempotencyKey: uuid('idempotency_key').notNull(),
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    network: text('network').notNull(),
    address: text('address').notNull(),
    amount: smallestUnits('amount').notNull(),
    fee: smallestUnits('fee').notNull(),
    status: text('status')
      .$type<'created' | 'processing' | 'pending_check' | 'completed' | 'sent' | 'canceled' | 'reverted' | 'error'>()
      .notNull()
      .default('created'),
    txid: text('txid'),
    /** Why it ended in error (for support; never shown raw to the user). */
    failureReason: text('failure_reason'),
    /** When the worker may take the next step. */
    nextStepAt: timestamp('next_step_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('withdrawals_user_idempotency_key').on(table.userId, table.idempotencyKey),
    index('withdrawals_worker_idx').on(table.status, table.nextStepAt),
    index('withdrawals_user_idx').on(table.userId, table.createdAt),
  ],
);

/** Saved withdrawal addresses (spec 000 s.3 "Address book entry"); deleted ones can be restored. */
export const addressBookEntries = pgTable(
  'address_book_entries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    address: text('address').notNull(),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('address_book_entries_live_address')
      .on(table.userId, table.network, table.address)
      .where(sql`${table.deletedAt} is null`),
    index('address_book_entries_user_network_idx').on(table.userId, table.network, table.createdAt),
  ],
);

/**
 * What the chain knows about addresses that are not plain wallets: sanctioned (blocked), token
 * contracts (contract) and contracts that cannot take the transfer (invalid_smart_contract).
 */
export const chainAddressFlags = pgTable(
  'chain_address_flags',
  {
    network: text('network').notNull(),
    address: text('address').notNull(),
    flag: text('flag').$type<'blocked' | 'contract' | 'invalid_smart_contract'>().notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.network, table.address] })],
);
