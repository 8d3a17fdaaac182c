import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Money and limits: integers in the asset's smallest units, wide enough for any uint256. */
export const smallestUnits = (name: string) => numeric(name, { precision: 78, scale: 0 });

export const assets = pgTable(
  'assets',
  {
    code: text('code').primaryKey(),
    /** Display order in the catalogue answer. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    isFiat: boolean('is_fiat').notNull(),
    isStablecoin: boolean('is_stablecoin').notNull(),
    decimals: integer('decimals').notNull(),
    viewDecimals: integer('view_decimals').notNull(),
    viewFullDecimals: integer('view_full_decimals').notNull(),
    /** Crypto only: the asset's home page. */
    url: text('url'),
    /** Fiat only: the currency sign. */
    symbol: text('symbol'),
    marketMin: smallestUnits('market_min').notNull(),
    marketMax: smallestUnits('market_max').notNull(),
    /** Crypto only: market fee in percent. */
    marketFeePercent: numeric('market_fee_percent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('assets_decimals_range', sql`${table.decimals} between 0 and 30`),
    check('assets_market_limits_order', sql`${table.marketMax} = 0 or ${table.marketMax} >= ${table.marketMin}`),
    check(
      'assets_kind_fields',
      sql`(${table.isFiat} and ${table.symbol} is not null and ${table.url} is null and ${table.marketFeePercent} is null)
        or (not ${table.isFiat} and ${table.symbol} is null and ${table.url} is not null and ${table.marketFeePercent} is not null)`,
    ),
  ],
);

export const assetNetworks = pgTable(
  'asset_networks',
  {
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code, { onDelete: 'cascade' }),
    /** Chain identifier: TRX, ETH, BSC, TON, BTC, LTC. */
    network: text('network').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    protocol: text('protocol').notNull(),
    depositMin: smallestUnits('deposit_min').notNull(),
    depositMax: smallestUnits('deposit_max').notNull(),
    withdrawMin: smallestUnits('withdraw_min').notNull(),
    withdrawMax: smallestUnits('withdraw_max').notNull(),
    canDeposit: boolean('can_deposit').notNull().default(true),
    canWithdraw: boolean('can_withdraw').notNull().default(true),
    maxFee: smallestUnits('max_fee').notNull(),
    withdrawFee: smallestUnits('withdraw_fee').notNull(),
    explorerUrl: text('explorer_url').notNull(),
    explorerAddressUrl: text('explorer_address_url'),
    explorerTransactionUrl: text('explorer_transaction_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.assetCode, table.network] }),
    check(
      'asset_networks_amounts_not_negative',
      sql`${table.depositMin} >= 0 and ${table.depositMax} >= 0 and ${table.withdrawMin} >= 0
        and ${table.withdrawMax} >= 0 and ${table.maxFee} >= 0 and ${table.withdrawFee} >= 0`,
    ),
  ],
);

/**
 * The price of one whole unit of an asset in a quote currency. Seeded from a reference table;
 * a live feed later upserts rows with its own source and time.
 */
export const priceReferences = pgTable(
  'price_references',
  {
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code, { onDelete: 'cascade' }),
    quoteCode: text('quote_code')
      .notNull()
      .references(() => assets.code, { onDelete: 'cascade' }),
    price: numeric('price').notNull(),
    source: text('source').notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.assetCode, table.quoteCode] }),
    check('price_references_price_positive', sql`${table.price} > 0`),
  ],
);
