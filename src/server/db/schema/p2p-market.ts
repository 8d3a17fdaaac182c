import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { assets } from './catalogue';
import { users } from './users';

/**
 * A user's saved P2P payment method: a catalogue entry (and the bank of a group) with its details.
 * The details are personal data: stored sealed (AES-256-GCM, p2p-payment-methods/details-cipher.ts);
 * only the last 4 characters of the main detail are kept in clear, which is what every answer shows.
 */
export const p2pPaymentMethods = pgTable(
  'p2p_payment_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fiat: text('fiat')
      .notNull()
      .references(() => assets.code),
    /** The catalogue entry (for a group's bank, the group). */
    identifier: text('identifier').notNull(),
    /** The bank within the group, or null. */
    childIdentifier: text('child_identifier'),
    /** The owner's name for it, 1–20 characters, or null. */
    name: text('name'),
    /** The details as JSON `{ key: value }`, sealed. */
    sealedDetails: text('sealed_details').notNull(),
    /** The last 4 characters of the main detail (`is_data`): the masked `data`. */
    dataTail: text('data_tail').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('p2p_payment_methods_user_id_idx').on(table.userId, table.id),
    check('p2p_payment_methods_name_length', sql`${table.name} is null or char_length(${table.name}) between 1 and 20`),
    check('p2p_payment_methods_data_tail_length', sql`char_length(${table.dataTail}) <= 4`),
  ],
);
