import Decimal from 'decimal.js';
import { and, asc, eq } from 'drizzle-orm';
import {
  type FiatPaymentCatalogue,
  type MarketAsset,
  type MarketFiat,
  type PaymentCatalogueItem,
  p2pErrorCodes,
} from '../../../contract/p2p-market';
import type { Language } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { assets } from '../../db/schema/catalogue';
import { ApiError } from '../../http/api-error';
import { priceIn, type ReferencePriceFeed } from '../../integrations/prices/price-feed';
import { catalogueOf, findCatalogueEntry, toCatalogueEntry } from './payment-catalogue';

/** Enabled crypto assets of the wallet catalogue, in its order: what the market trades. */
export async function listMarketAssets(db: Database): Promise<MarketAsset[]> {
  const rows = await db
    .select({ code: assets.code, fee: assets.marketFeePercent })
    .from(assets)
    .where(and(eq(assets.isFiat, false), eq(assets.isEnabled, true)))
    .orderBy(asc(assets.position), asc(assets.code));
  return rows.map((row) => ({ code: row.code, fee: new Decimal(row.fee ?? '0').toFixed() }));
}

/** Enabled fiats the payment catalogue covers, in the wallet catalogue's order. */
async function marketFiatCodes(db: Database): Promise<string[]> {
  const rows = await db
    .select({ code: assets.code })
    .from(assets)
    .where(and(eq(assets.isFiat, true), eq(assets.isEnabled, true)))
    .orderBy(asc(assets.position), asc(assets.code));
  return rows.map((row) => row.code).filter((code) => catalogueOf(code) !== null);
}

/** A reference price as a fiat amount: 2 decimals, half up, no trailing zeros ("7695000", "0.29"). */
export function fiatPrice(price: Decimal): string {
  return price.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed();
}

/** Every market fiat with the feed's current price of every market asset in it. */
export async function listMarketFiats(db: Database, feed: ReferencePriceFeed): Promise<MarketFiat[]> {
  const [codes, marketAssets, table] = await Promise.all([marketFiatCodes(db), listMarketAssets(db), feed.current()]);
  return codes.map((fiat) => {
    const prices: Record<string, string> = {};
    for (const asset of marketAssets) {
      const price = priceIn(table, asset.code, fiat);
      if (price !== null) prices[asset.code] = fiatPrice(price);
    }
    return { code: fiat, prices };
  });
}

function noSuchFiat(): ApiError {
  return new ApiError(404, p2pErrorCodes.notFound, 'The P2P market does not trade this currency');
}

/** Whether the market trades this fiat: enabled in the wallet catalogue, with payment methods. */
export async function isMarketFiat(db: Database, fiat: string): Promise<boolean> {
  return (await marketFiatCodes(db)).includes(fiat);
}

async function assertMarketFiat(db: Database, fiat: string): Promise<void> {
  if (!(await isMarketFiat(db, fiat))) throw noSuchFiat();
}

export async function getFiatPaymentCatalogue(
  db: Database,
  fiat: string,
  language: Language,
): Promise<FiatPaymentCatalogue> {
  await assertMarketFiat(db, fiat);
  const entries = catalogueOf(fiat) ?? [];
  return { fiat, methods: entries.map((entry) => toCatalogueEntry(entry, language)) };
}

export async function getPaymentCatalogueItem(
  db: Database,
  fiat: string,
  identifier: string,
  language: Language,
): Promise<PaymentCatalogueItem> {
  await assertMarketFiat(db, fiat);
  const entry = findCatalogueEntry(fiat, identifier);
  if (entry === null) throw new ApiError(404, p2pErrorCodes.notFound, 'No such payment method for this currency');
  return {
    fiat,
    method: toCatalogueEntry(entry, language),
    children: entry.children.map((child) => toCatalogueEntry(child, language)),
  };
}
