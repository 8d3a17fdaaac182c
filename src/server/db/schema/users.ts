import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assets } from './catalogue';

export const users = pgTable('users', {
  /** The Telegram user id. */
  id: bigint('id', { mode: 'number' }).primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name'),
  username: text('username'),
  photoUrl: text('photo_url'),
  /** Telegram Premium, as the last mini app sign-in's init data said (an offer restriction). */
  isPremium: boolean('is_premium').notNull().default(false),
  /** The user's own referral code (random alphanumeric): others become referrals with it. */
  inviteHash: text('invite_hash').notNull().unique(),
  /** The first sign-in: account age counts from it. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userSettings = pgTable('user_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  language: text('language').notNull().default('en'),
  localCurrency: text('local_currency')
    .notNull()
    .default('USD')
    .references(() => assets.code),
  timezone: text('timezone'),
  /** Permission name → allowed; an absent name means allowed. */
  permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull().default({}),
  complianceLock: boolean('compliance_lock').notNull().default(false),
  complianceBan: boolean('compliance_ban').notNull().default(false),
  banReason: text('ban_reason'),
  pendingActionsFromUser: boolean('pending_actions_from_user').notNull().default(false),
  softBanUntil: timestamp('soft_ban_until', { withTimezone: true }),
  isTester: boolean('is_tester').notNull().default(false),
  featureFlags: jsonb('feature_flags').$type<Record<string, boolean>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A signed-in device. Only the SHA-256 of the token is stored, so a leaked table signs no one in. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** How the session was opened: `mini_app` (init data) or `web` (login page, local stand-in). */
    platform: text('platform'),
    /** What the person sees in their session list: the Telegram client platform or a short browser/OS label. */
    device: text('device'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Who referred a user: set once, by the first accepted `POST /referrals/become`. */
export const userReferrals = pgTable(
  'user_referrals',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerId: bigint('referrer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteHash: text('invite_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('user_referrals_referrer_id_idx').on(table.referrerId),
    check('user_referrals_not_self', sql`${table.userId} <> ${table.referrerId}`),
  ],
);

/** The campaign a user arrived through: set once, by the first `POST /tracking`. */
export const userTracking = pgTable('user_tracking', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  trackingHash: text('tracking_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
