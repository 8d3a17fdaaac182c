import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { assets } from '../../db/schema/catalogue';
import { priceIn, type ReferencePriceFeed } from '../../integrations/prices/price-feed';
import { catalogueOf } from '../p2p-market/payment-catalogue';

/** What the offers module needs of a traded crypto asset (the wallet catalogue's row). */
export interface MarketAssetFacts {
  readonly code: string;
  readonly decimals: number;
  /** Maker's fee in percent, e.g. "1". */
  readonly feePercent: string;
  /** Bounds of an order's crypto amount and an offer's volume; a max of 0 is no upper bound. */
  readonly min: bigint;
  readonly max: bigint;
}

/** An enabled crypto asset of the catalogue, or null. */
export async function marketAssetFacts(db: Database, code: string): Promise<MarketAssetFacts | null> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.code, code), eq(assets.isFiat, false), eq(assets.isEnabled, true)));
  if (row === undefined) return null;
  return {
    code: row.code,
    decimals: row.decimals,
    feePercent: row.marketFeePercent ?? '0',
    min: BigInt(row.marketMin),
    max: BigInt(row.marketMax),
  };
}

/** Whether the fiat is enabled in the catalogue and has payment methods (what the market trades). */
export async function isMarketFiat(db: Database, code: string): Promise<boolean> {
  if (catalogueOf(code) === null) return false;
  const [row] = await db
    .select({ code: assets.code })
    .from(assets)
    .where(and(eq(assets.code, code), eq(assets.isFiat, true), eq(assets.isEnabled, true)));
  return row !== undefined;
}

/** The reference price of one whole asset in the fiat now, or null when the feed has none. */
export async function referencePrice(feed: ReferencePriceFeed, asset: string, fiat: string) {
  return priceIn(await feed.current(), asset, fiat);
}

/** Whether the crypto amount is within the asset's market bounds. */
export function withinMarketBounds(facts: MarketAssetFacts, amount: bigint): boolean {
  return amount >= facts.min && (facts.max === 0n || amount <= facts.max);
}
