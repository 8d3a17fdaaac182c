import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
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
import type {
  P2cAccountKind,
  P2cAccountStatus,
  P2cAsset,
  P2cClientStatus,
  P2cDisputeReason,
  P2cQrType,
} from '../../../contract/p2c';
import { assets, smallestUnits } from './catalogue';
import { storedFiles } from './compliance';
import { users } from './users';

// P2C (docs/p2c.md). Roubles are numeric(17, 2) like P2P's fiat; crypto is smallest units.

const roubles = (name: string) => numeric(name, { precision: 17, scale: 2 });

/**
 * The payment system's codes as the local stand-in issues them (the stand-in shop of local mode,
 * docs/p2c.md "Local mode"). With a real payment system this table stays empty: codes are looked
 * up through its API instead. `paid_at` is set when the code is paid (the stand-in bank).
 */
export const paymentSystemCodes = pgTable(
  'payment_system_codes',
  {
    id: text('id').primaryKey(),
    type: text('type').$type<P2cQrType>().notNull(),
    /** The whole link as the shop prints it in the QR code. */
    link: text('link').notNull(),
    payeeName: text('payee_name').notNull(),
    payeeBank: text('payee_bank').notNull(),
    /** The bank's BIC-like member id in the link (`bank=`). */
    payeeBankId: text('payee_bank_id').notNull(),
    fiatAmount: roubles('fiat_amount').notNull(),
    purpose: text('purpose'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    check('payment_system_codes_type', sql`${table.type} in ('nspk', 'platiqr')`),
    check('payment_system_codes_amount', sql`${table.fiatAmount} > 0`),
  ],
);

/**
 * A merchant's bank account or card (spec 001 "P2C account"). The number and the holder's name
 * are personal data: sealed like P2P payment details; `number_last4` is what lists show and
 * `number_digest` (a keyed hash) finds a duplicate without unsealing.
 */
export const p2cAccounts = pgTable(
  'p2c_accounts',
  {
    id: serial('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<P2cAccountStatus>().notNull(),
    kind: text('kind').$type<P2cAccountKind>().notNull(),
    bankId: text('bank_id').notNull(),
    /** JSON `{ number, holder_name }`, sealed. */
    sealedDetails: text('sealed_details').notNull(),
    numberLast4: text('number_last4').notNull(),
    numberDigest: text('number_digest').notNull(),
    /** Support's note with its last decision. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('p2c_accounts_user_number').on(table.userId, table.numberDigest),
    index('p2c_accounts_status_idx').on(table.status, table.updatedAt),
    check(
      'p2c_accounts_status',
      sql`${table.status} in ('created', 'pending', 'active', 'disabled', 'requested_verification', 'under_verification', 'rejected')`,
    ),
    check('p2c_accounts_kind', sql`${table.kind} in ('card', 'account')`),
  ],
);

/** The documents proving an account is its merchant's (spec 001 "P2C document"). */
export const p2cAccountDocuments = pgTable(
  'p2c_account_documents',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => p2cAccounts.id, { onDelete: 'cascade' }),
    status: text('status').$type<'uploaded' | 'completed' | 'rejected'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('p2c_account_documents_account_idx').on(table.accountId, table.createdAt),
    check('p2c_account_documents_status', sql`${table.status} in ('uploaded', 'completed', 'rejected')`),
  ],
);

/**
 * A client's payment of a code (docs/p2c.md "Payments"). `status` is the client's vocabulary; the
 * merchant's is derived (`expired` after a take is the merchant's `canceled`).
 *
 * Money: `escrow` is what the client's `held` account holds for this payment: `total` from
 * creation until completion or expiry, then 0. `merchant_held` is what the merchant's `held`
 * account holds for it: `amount` from completion until the dispute window closes or support
 * decides, then 0. Each changes only in the transaction that moves the matching money.
 */
export const p2cPayments = pgTable(
  'p2c_payments',
  {
    id: serial('id').primaryKey(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The client's idempotency key: one payment per (client, unique_hash). */
    uniqueHash: text('unique_hash').notNull(),
    /** The creating request's values, so a repeat with other values is refused. */
    requestDigest: text('request_digest').notNull(),
    qrId: text('qr_id').notNull(),
    qrType: text('qr_type').$type<P2cQrType>().notNull(),
    qrLink: text('qr_link').notNull(),
    payeeName: text('payee_name').notNull(),
    payeeBank: text('payee_bank').notNull(),
    purpose: text('purpose'),
    fiatAmount: roubles('fiat_amount').notNull(),
    assetCode: text('asset_code')
      .$type<P2cAsset>()
      .notNull()
      .references(() => assets.code),
    /** Roubles per whole asset unit, as quoted. */
    rate: roubles('rate').notNull(),
    /** What the merchant receives. */
    amount: smallestUnits('amount').notNull(),
    /** The service's fee. */
    fee: smallestUnits('fee').notNull(),
    /** What the client pays: amount + fee. */
    total: smallestUnits('total').notNull(),
    status: text('status').$type<P2cClientStatus>().notNull(),
    escrow: smallestUnits('escrow').notNull(),
    merchantHeld: smallestUnits('merchant_held').notNull().default('0'),
    /** The ledger operation every posting of this payment is made under. */
    operationId: uuid('operation_id').notNull().default(sql`gen_random_uuid()`),
    merchantId: bigint('merchant_id', { mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    accountId: integer('account_id').references(() => p2cAccounts.id, { onDelete: 'restrict' }),
    checkFileId: uuid('check_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    checkUploadedAt: timestamp('check_uploaded_at', { withTimezone: true }),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the dispute window closed or support decided and the merchant's money was freed. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    disputeReason: text('dispute_reason').$type<P2cDisputeReason>(),
    disputeMessage: text('dispute_message'),
    disputeOpenedAt: timestamp('dispute_opened_at', { withTimezone: true }),
    resolutionOutcome: text('resolution_outcome').$type<'confirm' | 'refund'>(),
    resolutionNote: text('resolution_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('p2c_payments_client_hash').on(table.clientId, table.uniqueHash),
    // The wallet history finds a client's payment from its ledger operation (docs/p2c.md "In the wallet history").
    uniqueIndex('p2c_payments_operation').on(table.operationId),
    index('p2c_payments_client_idx').on(table.clientId, table.id),
    index('p2c_payments_merchant_idx').on(table.merchantId, table.id).where(sql`${table.merchantId} is not null`),
    index('p2c_payments_pending_idx').on(table.id).where(sql`${table.status} = 'pending'`),
    index('p2c_payments_qr_idx').on(table.qrId),
    check(
      'p2c_payments_status',
      sql`${table.status} in ('pending', 'processing', 'completed', 'expired', 'disputed', 'refunded')`,
    ),
    check('p2c_payments_qr_type', sql`${table.qrType} in ('nspk', 'platiqr')`),
    check(
      'p2c_payments_amounts',
      sql`${table.amount} > 0 and ${table.fee} >= 0 and ${table.total} = ${table.amount} + ${table.fee}
        and ${table.fiatAmount} > 0 and ${table.rate} > 0`,
    ),
    // The client's escrow is whole while nobody has been paid, and gone after.
    check(
      'p2c_payments_escrow',
      sql`(${table.status} in ('pending', 'processing')) = (${table.escrow} = ${table.total})
        and (${table.escrow} = 0 or ${table.escrow} = ${table.total})`,
    ),
    check('p2c_payments_merchant_held', sql`${table.merchantHeld} = 0 or ${table.merchantHeld} = ${table.amount}`),
    check(
      'p2c_payments_merchant',
      sql`${table.status} = 'expired' or (${table.status} = 'pending') = (${table.merchantId} is null)`,
    ),
    check('p2c_payments_not_self', sql`${table.merchantId} is null or ${table.merchantId} <> ${table.clientId}`),
  ],
);

/** Every status change of a payment: who, when, from, to (docs/p2c.md). */
export const p2cPaymentHistory = pgTable(
  'p2c_payment_history',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => p2cPayments.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<P2cClientStatus>(),
    toStatus: text('to_status').$type<P2cClientStatus>().notNull(),
    actor: text('actor').$type<'client' | 'merchant' | 'timer' | 'support'>().notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('p2c_payment_history_payment_idx').on(table.paymentId, table.id),
    check('p2c_payment_history_actor', sql`${table.actor} in ('client', 'merchant', 'timer', 'support')`),
  ],
);

/**
 * A payment's timer as a due row run by a worker (never an in-process timeout), one open per
 * payment: `pending` (a merchant must take it), `processing` (the taker must mark it paid),
 * `dispute_window` (the merchant's money frees when it closes).
 */
export const p2cPaymentTimers = pgTable(
  'p2c_payment_timers',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => p2cPayments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'pending' | 'processing' | 'dispute_window'>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('p2c_payment_timers_one_open').on(table.paymentId).where(sql`${table.doneAt} is null`),
    index('p2c_payment_timers_due_idx').on(table.dueAt).where(sql`${table.doneAt} is null`),
    check('p2c_payment_timers_kind', sql`${table.kind} in ('pending', 'processing', 'dispute_window')`),
  ],
);

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * `@socket.io/postgres-adapter`'s table for payloads too large for NOTIFY (it deletes old rows
 * itself). Created here so every instance on one PostgreSQL finds it.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
