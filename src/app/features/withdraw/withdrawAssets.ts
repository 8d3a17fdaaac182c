import type { AssetCatalogue, CryptoAsset } from '../../../contract/wallet.ts';
import type { AssetBalance } from '../../../contract/wallet-operations.ts';
import { availableOf, withdrawNetworks } from './withdrawChoices.ts';

// Apart from withdrawChoices.ts: only the asset and network choices list assets, and the flow's
// screen (which loads that module) does without this.

/**
 * The assets that can be withdrawn, those with something to send first; catalogue order within
 * each group (the sort is stable).
 */
export function withdrawAssets(catalogue: AssetCatalogue, balances: readonly AssetBalance[]): CryptoAsset[] {
  const assets = Object.values(catalogue.assets).flatMap((asset) =>
    !asset.is_fiat && asset.is_enabled && withdrawNetworks(asset).length > 0 ? [asset] : [],
  );
  const funded = (asset: CryptoAsset) => (BigInt(availableOf(balances, asset.code)) > 0n ? 0 : 1);
  return assets.sort((left, right) => funded(left) - funded(right));
}
