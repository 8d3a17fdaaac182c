import type { OfferAsset } from '../../../../machines/createOffer/offerRules.ts';
import type { MarketAsset } from '../../../contract/p2p-market.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import type { AssetBalance } from '../../../contract/wallet-operations.ts';

/**
 * What bounds an offer in one market asset (offerRules.ts `OfferAsset`), as the create flow and
 * the volume and limits edits read it: the wallet catalogue's decimals and market limits, the
 * market's maker fee and the person's available balance. Null when the catalogue does not trade it.
 */
export function offerAssetFrom(
  market: MarketAsset,
  catalogue: AssetCatalogue,
  balances: readonly AssetBalance[],
): OfferAsset | null {
  const asset = catalogue.assets[market.code];
  if (asset === undefined || asset.is_fiat || !asset.is_enabled) return null;
  return {
    code: market.code,
    decimals: asset.decimals,
    fee: market.fee,
    min: asset.market.limits.min,
    max: asset.market.limits.max,
    available: balances.find((balance) => balance.asset === market.code)?.available ?? '0',
  };
}
