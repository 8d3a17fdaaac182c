import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { assetNetworks, assets } from '../../db/schema/catalogue';

/** One asset on one network, with what withdrawals need to know of both. */
export interface AssetNetworkRoute {
  readonly assetEnabled: boolean;
  readonly canWithdraw: boolean;
  readonly withdrawMin: bigint;
  /** Zero: no upper bound. */
  readonly withdrawMax: bigint;
  readonly withdrawFee: bigint;
  readonly explorerUrl: string;
  readonly explorerTransactionUrl: string | null;
}

/** The catalogue's entry for an asset on a network, or null when the asset is not on it. */
export async function findAssetNetwork(
  db: Database,
  assetCode: string,
  network: string,
): Promise<AssetNetworkRoute | null> {
  const [row] = await db
    .select({
      assetEnabled: assets.isEnabled,
      canWithdraw: assetNetworks.canWithdraw,
      withdrawMin: assetNetworks.withdrawMin,
      withdrawMax: assetNetworks.withdrawMax,
      withdrawFee: assetNetworks.withdrawFee,
      explorerUrl: assetNetworks.explorerUrl,
      explorerTransactionUrl: assetNetworks.explorerTransactionUrl,
    })
    .from(assetNetworks)
    .innerJoin(assets, eq(assets.code, assetNetworks.assetCode))
    .where(and(eq(assetNetworks.assetCode, assetCode), eq(assetNetworks.network, network)));
  if (row === undefined) return null;
  return {
    ...row,
    withdrawMin: BigInt(row.withdrawMin),
    withdrawMax: BigInt(row.withdrawMax),
    withdrawFee: BigInt(row.withdrawFee),
  };
}
