import Decimal from 'decimal.js';
import type { Database } from '../../db/database';
import { priceReferences } from '../../db/schema/catalogue';
import { type PriceTable, pollingSubscription, type ReferencePriceFeed } from './price-feed';

/** The prices as stored in `price_references` (seeded, or upserted by a real feed), unchanged. */
export async function storedPriceTable(db: Database): Promise<PriceTable> {
  const rows = await db.select().from(priceReferences);
  const prices = new Map<string, Map<string, Decimal>>();
  let observedAt: Date | null = null;
  for (const row of rows) {
    const quotes = prices.get(row.assetCode) ?? new Map<string, Decimal>();
    quotes.set(row.quoteCode, new Decimal(row.price));
    prices.set(row.assetCode, quotes);
    if (observedAt === null || row.observedAt < observedAt) observedAt = row.observedAt;
  }
  return {
    prices,
    sources: [...new Set(rows.map((row) => row.source))].sort(),
    observedAt: observedAt ?? new Date(0),
  };
}

/** A feed that answers the stored prices: production without a live feed, and most tests. */
export function storedPriceFeed(db: Database): ReferencePriceFeed {
  const current = () => storedPriceTable(db);
  return { current, subscribe: (listener, everyMs) => pollingSubscription(current, listener, everyMs) };
}
