import { asc, min } from 'drizzle-orm';
import type { AssetCatalogue, AssetPrices } from '../../../contract/wallet';
import type { Database } from '../../db/database';
import { assets, priceReferences } from '../../db/schema/catalogue';
import { loadAssets } from './assets';

/** The whole catalogue, enabled or not, in display order; clients hide what is disabled. */
export async function listAssets(db: Database): Promise<AssetCatalogue> {
  const catalogue = await loadAssets(db);
  return { assets: Object.fromEntries(catalogue.map((asset) => [asset.code, asset])) };
}

/** Quotes are listed USD first (the base every price derives through), then in catalogue order. */
export async function listAssetPrices(db: Database): Promise<AssetPrices> {
  const [rows, quoteOrder, [oldest]] = await Promise.all([
    db.select().from(priceReferences),
    db.select({ code: assets.code }).from(assets).orderBy(asc(assets.position), asc(assets.code)),
    db.select({ observedAt: min(priceReferences.observedAt) }).from(priceReferences),
  ]);
  const quoteCodes = new Set(rows.map((row) => row.quoteCode));
  const quotes = quoteOrder
    .map((asset) => asset.code)
    .filter((code) => quoteCodes.has(code))
    .sort((left, right) => Number(right === 'USD') - Number(left === 'USD'));
  const quoteRank = new Map(quotes.map((code, index) => [code, index]));
  const rank = (code: string): number => quoteRank.get(code) ?? quotes.length;
  const prices: Record<string, Record<string, string>> = {};
  for (const row of [...rows].sort((left, right) => rank(left.quoteCode) - rank(right.quoteCode))) {
    const assetPrices = prices[row.assetCode] ?? {};
    assetPrices[row.quoteCode] = normalizeDecimal(row.price);
    prices[row.assetCode] = assetPrices;
  }
  return {
    quotes,
    prices,
    sources: [...new Set(rows.map((row) => row.source))].sort(),
    observed_at: (oldest?.observedAt ?? new Date(0)).toISOString(),
  };
}

/** PostgreSQL keeps a numeric's trailing zeros ("1.50"); the answer drops them. */
function normalizeDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
