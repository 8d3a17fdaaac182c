import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { assets } from '../../db/schema/catalogue';
import { priceIn } from '../../integrations/prices/price-feed';
import { storedPriceTable } from '../../integrations/prices/stored-feed';

/**
 * A crypto amount's worth in US cents, rounded down, at the stored reference prices (what the
 * profile's traded volume adds up). The stored prices, not the live feed: the worker that completes
 * orders has no feed, and a volume figure need not follow every tick. 0 when the asset is unpriced.
 */
export async function usdCentsOf(db: Database, asset: string, amount: bigint): Promise<bigint> {
  const [row] = await db.select({ decimals: assets.decimals }).from(assets).where(eq(assets.code, asset));
  const usd = priceIn(await storedPriceTable(db), asset, 'USD');
  if (row === undefined || usd === null) return 0n;
  const cents = new Decimal(amount.toString()).times(usd).times(100).dividedBy(new Decimal(10).pow(row.decimals));
  return BigInt(cents.toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed(0));
}
