import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's passcode, backup e-mail and passcode lockout. Passcodes are argon2id hashes; the
 * attempt counters live here so a restart does not reset them.
 */
export const userSecurity = pgTable('user_security', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The active passcode (confirmed in the bot chat). */
  passCodeHash: text('pass_code_hash'),
  /** A passcode set but not yet confirmed in the bot chat. */
  pendingPassCodeHash: text('pending_pass_code_hash'),
  email: text('email'),
  emailConfirmed: boolean('email_confirmed').notNull().default(false),
  /** Wrong passcodes since the last success or lockout. */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Lockouts since `lockoutWindowStart`; the schedule grows with it and caps it per day. */
  lockouts: integer('lockouts').notNull().default(0),
  lockoutWindowStart: timestamp('lockout_window_start', { withTimezone: true }),
  /**
   * After a passcode recovery or a backup e-mail change, money does not leave (withdrawals, P2P
   * releases) before this moment: a stolen session that took over the account gives the owner
   * time to notice and say "this wasn't me".
   */
  outflowsHeldUntil: timestamp('outflows_held_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Single-use tokens, stored as SHA-256: passcode confirmation tokens (bound to a transaction type
 * and hash), mail confirmation tokens (bound to a transaction type) and bot confirmation links.
 */
export const securityTokens = pgTable(
  'security_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'confirmation' | 'mail' | 'bot_pass_code' | 'report_takeover'>().notNull(),
    transactionType: text('transaction_type'),
    operationHash: text('operation_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('security_tokens_user_id_idx').on(table.userId)],
);

/** E-mail codes: argon2id of the 6 digits, single use, limited life and guesses. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A transaction type, or `confirm_email` for the backup e-mail itself. */
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_codes_user_id_idx').on(table.userId)],
);

/** One biometric token per user and device, stored as SHA-256; revoking deletes the row. */
export const biometricTokens = pgTable(
  'biometric_tokens',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceId] })],
);

/**
 * Messages the server would send when no SMTP server (or, in local mode, no Telegram) is there:
 * the development mailbox page and tests read them.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'telegram'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** A link the message carries (the bot's confirmation button). */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_user_id_idx').on(table.userId)],
);

/**
 * Fixed-window counters for rate limits, shared by every server instance on one database: one
 * atomic upsert per hit, so a burst of parallel requests counts one by one.
 */
export const rateLimits = pgTable('rate_limits', {
  /** `<rule>:<subject>`, e.g. `email_code:user:42` or `sign_in:ip:203.0.113.7`. */
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
