import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OfferTimeLimit, OfferType } from '../../../contract/p2p-market';
import type { OfferRestrictions, OfferStatus, PriceType } from '../../../contract/p2p-offers';
import { assets, smallestUnits } from './catalogue';
import { p2pPaymentMethods } from './p2p-market';
import { users } from './users';

/** A fiat amount as offers keep it: prices and limits, 2 decimals. */
const fiatAmount = (name: string) => numeric(name, { precision: 17, scale: 2 });

/**
 * A maker's P2P offer (docs/p2p.md "Offers"). `reserved` is what the ledger holds for it under
 * `reservation_operation_id`: remaining volume plus fee for an active sell offer, else 0; it
 * changes only in the transaction that posts the matching hold or release.
 */
export const p2pOffers = pgTable(
  'p2p_offers',
  {
    id: serial('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<OfferType>().notNull(),
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    fiatCode: text('fiat_code')
      .notNull()
      .references(() => assets.code),
    status: text('status').$type<OfferStatus>().notNull().default('inactive'),
    priceType: text('price_type').$type<PriceType>().notNull(),
    /** Fixed prices only. */
    fixedPrice: fiatAmount('fixed_price'),
    /** Floating prices only: percent of the reference price. */
    floatingRatio: numeric('floating_ratio', { precision: 5, scale: 2 }),
    volume: smallestUnits('volume').notNull(),
    /** Volume less what orders took (the next issue's orders lower it). */
    remainingVolume: smallestUnits('remaining_volume').notNull(),
    reserved: smallestUnits('reserved').notNull().default('0'),
    /** The ledger operation every hold and release of this offer's reservation is posted under. */
    reservationOperationId: uuid('reservation_operation_id').notNull().default(sql`gen_random_uuid()`),
    limitMin: fiatAmount('limit_min').notNull(),
    limitMax: fiatAmount('limit_max').notNull(),
    timeLimit: integer('time_limit').$type<OfferTimeLimit>().notNull(),
    description: text('description').notNull().default(''),
    restrictions: jsonb('restrictions').$type<OfferRestrictions>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('p2p_offers_list_idx').on(table.assetCode, table.fiatCode, table.type, table.status),
    index('p2p_offers_user_idx').on(table.userId, table.id),
    check('p2p_offers_type', sql`${table.type} in ('buy', 'sell')`),
    check('p2p_offers_status', sql`${table.status} in ('active', 'inactive')`),
    check(
      'p2p_offers_price_kind',
      sql`(${table.priceType} = 'fixed' and ${table.fixedPrice} > 0 and ${table.floatingRatio} is null)
        or (${table.priceType} = 'floating' and ${table.floatingRatio} > 0 and ${table.fixedPrice} is null)`,
    ),
    check('p2p_offers_volume', sql`${table.volume} > 0 and ${table.remainingVolume} between 0 and ${table.volume}`),
    check('p2p_offers_limits', sql`${table.limitMin} > 0 and ${table.limitMin} <= ${table.limitMax}`),
    check(
      'p2p_offers_reserved',
      sql`${table.reserved} >= 0 and (${table.status} = 'active' and ${table.type} = 'sell' or ${table.reserved} = 0)`,
    ),
  ],
);

/**
 * The payment methods an offer lists, in the maker's order. A sell offer's rows name the maker's
 * saved method (its catalogue entry copied for lists and filters); a buy offer's only the entry.
 */
export const p2pOfferMethods = pgTable(
  'p2p_offer_methods',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => p2pOffers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Sell offers: the saved method; null once it was deleted (the offer cannot go online then). */
    paymentMethodId: integer('payment_method_id').references(() => p2pPaymentMethods.id, { onDelete: 'set null' }),
    identifier: text('identifier').notNull(),
    childIdentifier: text('child_identifier'),
  },
  (table) => [
    primaryKey({ columns: [table.offerId, table.position] }),
    index('p2p_offer_methods_identifier_idx').on(table.identifier),
    index('p2p_offer_methods_payment_method_idx').on(table.paymentMethodId),
  ],
);
