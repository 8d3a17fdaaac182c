import type { CryptoAsset } from '../../../contract/wallet.ts';
import { networksOfAddress } from '../../lib/paymentAddress.ts';
import { type WithdrawNetwork, withdrawNetworks } from './withdrawChoices.ts';

// Apart from withdrawChoices.ts: only the asset and network choices take a scanned address, and
// the address formats stay off the withdraw flow's first paint.

/**
 * The networks of `asset` a withdrawal to `address` can go on: those whose address format it has
 * (a scanned address), or all of them when no address is given.
 */
export function withdrawNetworksFor(asset: CryptoAsset, address: string | undefined): WithdrawNetwork[] {
  const networks = withdrawNetworks(asset);
  if (address === undefined) return networks;
  const formats = networksOfAddress(address);
  return networks.filter((network) => formats.includes(network.network));
}
