import { asc, type SQL } from 'drizzle-orm';
import type { Asset, AssetNetwork } from '../../../contract/wallet';
import type { Database } from '../../db/database';
import { assetNetworks, assets } from '../../db/schema/catalogue';

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

/**
 * Catalogue assets as the API shows them (GET /wallet/asset, the balance), each with its networks,
 * in display order. `where` narrows the assets (e.g. to enabled crypto).
 */
export async function loadAssets(db: Database, where?: SQL): Promise<Asset[]> {
  const [assetRows, networkRows] = await Promise.all([
    db.select().from(assets).where(where).orderBy(asc(assets.position), asc(assets.code)),
    db.select().from(assetNetworks).orderBy(asc(assetNetworks.position), asc(assetNetworks.network)),
  ]);
  const networksByAsset = new Map<string, NetworkRow[]>();
  for (const network of networkRows) {
    networksByAsset.set(network.assetCode, [...(networksByAsset.get(network.assetCode) ?? []), network]);
  }
  return assetRows.map((row) => toAsset(row, networksByAsset.get(row.code) ?? []));
}
