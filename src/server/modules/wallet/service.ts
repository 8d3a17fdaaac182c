import { asc, min } from 'drizzle-orm';
import type { Asset, AssetCatalogue, AssetNetwork, AssetPrices } from '../../../contract/wallet';
import type { Database } from '../../db/database';
import { assetNetworks, assets, priceReferences } from '../../db/schema/catalogue';

type AssetRow = typeof assets.$inferSelect;
type NetworkRow = typeof assetNetworks.$inferSelect;

function toAssetNetwork(row: NetworkRow): AssetNetwork {
  return {
    code: row.assetCode,
    name: row.name,
    network: row.network,
    protocol: row.protocol,
    limits: {
      deposit: { min: row.depositMin, max: row.depositMax },
      withdraw: { min: row.withdrawMin, max: row.withdrawMax },
    },
    permissions: { can_deposit: row.canDeposit, can_withdraw: row.canWithdraw },
    max_fee: row.maxFee,
    withdraw_fee: row.withdrawFee,
    explorer_url: row.explorerUrl,
    ...(row.explorerAddressUrl === null ? {} : { explorer_address_url: row.explorerAddressUrl }),
    ...(row.explorerTransactionUrl === null ? {} : { explorer_transaction_url: row.explorerTransactionUrl }),
  };
}

function toAsset(row: AssetRow, networks: readonly NetworkRow[]): Asset {
  const common = {
    is_enabled: row.isEnabled,
    is_stablecoin: row.isStablecoin,
    name: row.name,
    code: row.code,
    decimals: row.decimals,
    view_decimals: row.viewDecimals,
    view_full_decimals: row.viewFullDecimals,
  };
  const limits = { min: row.marketMin, max: row.marketMax };
  if (row.isFiat) {
    // The table's check constraint guarantees a fiat row has a symbol.
    return { ...common, is_fiat: true, symbol: row.symbol ?? row.code, market: { limits } };
  }
  return {
    ...common,
    is_fiat: false,
    url: row.url ?? '',
    networks: Object.fromEntries(networks.map((network) => [network.network, toAssetNetwork(network)])),
    market: { limits, fee: row.marketFeePercent ?? '0' },
  };
}

/** The whole catalogue, enabled or not, in display order; clients hide what is disabled. */
export async function listAssets(db: Database): Promise<AssetCatalogue> {
  const [assetRows, networkRows] = await Promise.all([
    db.select().from(assets).orderBy(asc(assets.position), asc(assets.code)),
    db.select().from(assetNetworks).orderBy(asc(assetNetworks.position), asc(assetNetworks.network)),
  ]);
  const networksByAsset = new Map<string, NetworkRow[]>();
  for (const network of networkRows) {
    networksByAsset.set(network.assetCode, [...(networksByAsset.get(network.assetCode) ?? []), network]);
  }
  return {
    assets: Object.fromEntries(assetRows.map((row) => [row.code, toAsset(row, networksByAsset.get(row.code) ?? [])])),
  };
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
