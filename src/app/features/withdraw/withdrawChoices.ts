import * as z from 'zod/mini';
import type { AssetCatalogue, AssetNetwork, CryptoAsset } from '../../../contract/wallet.ts';
import { type AssetBalance, type NetworkId, networkId } from '../../../contract/wallet-operations.ts';

/**
 * Which assets and networks a person may withdraw (spec 000 s.2, s.3): enabled crypto assets with
 * at least one network whose `can_withdraw` is on, and the chains the wallet knows.
 */

/** A network of the catalogue that takes withdrawals, on a chain the wallet knows. */
export type WithdrawNetwork = AssetNetwork & { network: NetworkId };

function isWithdrawNetwork(network: AssetNetwork): network is WithdrawNetwork {
  return z.safeParse(networkId, network.network).success && network.permissions.can_withdraw;
}

export function withdrawNetworks(asset: CryptoAsset): WithdrawNetwork[] {
  return Object.values(asset.networks).filter(isWithdrawNetwork);
}

/** What can be spent of `code` now, in smallest units ("0" when the balance does not list it). */
export function availableOf(balances: readonly AssetBalance[], code: string): string {
  return balances.find((balance) => balance.asset === code)?.available ?? '0';
}

export interface WithdrawTarget {
  asset: CryptoAsset;
  network: WithdrawNetwork;
}

/** The asset and network of a withdraw page, or null when the pair takes no withdrawals. */
export function withdrawTarget(catalogue: AssetCatalogue, assetCode: string, network: string): WithdrawTarget | null {
  const asset = catalogue.assets[assetCode];
  if (asset === undefined || asset.is_fiat || !asset.is_enabled) return null;
  const assetNetwork = withdrawNetworks(asset).find((candidate) => candidate.network === network);
  return assetNetwork ? { asset, network: assetNetwork } : null;
}
