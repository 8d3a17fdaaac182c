import { asc } from 'drizzle-orm';
import type { AssetCatalogue, AssetPrices } from '../../../contract/wallet';
import type { Database } from '../../db/database';
import { assets } from '../../db/schema/catalogue';
import type { ReferencePriceFeed } from '../../integrations/prices/price-feed';
import { loadAssets } from './assets';

/** The whole catalogue, enabled or not, in display order; clients hide what is disabled. */
export async function listAssets(db: Database): Promise<AssetCatalogue> {
  const catalogue = await loadAssets(db);
  return { assets: Object.fromEntries(catalogue.map((asset) => [asset.code, asset])) };
}

/**
 * The reference feed's current prices (the same the P2P market quotes). Quotes are listed USD
 * first (the base every price derives through), then in catalogue order.
 */
export async function listAssetPrices(db: Database, feed: ReferencePriceFeed): Promise<AssetPrices> {
  const [table, quoteOrder] = await Promise.all([
    feed.current(),
    db.select({ code: assets.code }).from(assets).orderBy(asc(assets.position), asc(assets.code)),
  ]);
  const quoteCodes = new Set([...table.prices.values()].flatMap((quotes) => [...quotes.keys()]));
  const quotes = quoteOrder
    .map((asset) => asset.code)
    .filter((code) => quoteCodes.has(code))
    .sort((left, right) => Number(right === 'USD') - Number(left === 'USD'));
  const prices: Record<string, Record<string, string>> = {};
  for (const [asset, assetQuotes] of table.prices) {
    const assetPrices: Record<string, string> = {};
    for (const quote of quotes) {
      const price = assetQuotes.get(quote);
      if (price !== undefined) assetPrices[quote] = price.toFixed();
    }
    prices[asset] = assetPrices;
  }
  return { quotes, prices, sources: [...table.sources], observed_at: table.observedAt.toISOString() };
}
