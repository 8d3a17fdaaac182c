import * as z from 'zod/mini';
import type { AssetCatalogue, AssetNetwork, CryptoAsset } from '../../../contract/wallet.ts';
import { type NetworkId, networkId } from '../../../contract/wallet-operations.ts';

/**
 * Which assets and networks a person may deposit (spec 000 s.2, s.3): enabled crypto assets with
 * at least one network whose `can_deposit` is on. Catalogue order is kept.
 */

/** A network of the catalogue whose chain the wallet knows (the route params take only these). */
export type DepositNetwork = AssetNetwork & { network: NetworkId };

function isDepositNetwork(network: AssetNetwork): network is DepositNetwork {
  return z.safeParse(networkId, network.network).success && network.permissions.can_deposit;
}

/** The networks of `asset` that take deposits. */
export function depositNetworks(asset: CryptoAsset): DepositNetwork[] {
  return Object.values(asset.networks).filter(isDepositNetwork);
}

/** The assets that can be deposited at all. */
export function depositAssets(catalogue: AssetCatalogue): CryptoAsset[] {
  return Object.values(catalogue.assets).flatMap((asset) =>
    !asset.is_fiat && asset.is_enabled && depositNetworks(asset).length > 0 ? [asset] : [],
  );
}

/** The assets that can be deposited on `network` (one address serves all of them). */
export function depositAssetsOn(catalogue: AssetCatalogue, network: string): CryptoAsset[] {
  return depositAssets(catalogue).filter((asset) =>
    depositNetworks(asset).some((candidate) => candidate.network === network),
  );
}

export interface DepositTarget {
  asset: CryptoAsset;
  network: DepositNetwork;
}

/** The asset and network of a deposit page, or null when the pair cannot take deposits. */
export function depositTarget(catalogue: AssetCatalogue, assetCode: string, network: string): DepositTarget | null {
  const asset = depositAssets(catalogue).find((candidate) => candidate.code === assetCode);
  const assetNetwork = asset ? depositNetworks(asset).find((candidate) => candidate.network === network) : undefined;
  return asset && assetNetwork ? { asset, network: assetNetwork } : null;
}
