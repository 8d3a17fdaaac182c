import type { AssetCatalogue, AssetNetwork } from '../../../contract/wallet.ts';
import { type NetworkId, networkIds } from '../../../contract/wallet-operations.ts';

/** A chain of the address book: the catalogue's entry for it (its name and protocol), from its first enabled asset. */
export type AddressBookNetwork = AssetNetwork & { network: NetworkId };

/**
 * The chains the address book offers (spec 000 s.2): every network of the wallet (TRX, ETH, BSC,
 * TON, BTC, LTC) that an enabled crypto asset of the catalogue moves on, in that order.
 */
export function addressBookNetworks(catalogue: AssetCatalogue): AddressBookNetwork[] {
  const networks = Object.values(catalogue.assets).flatMap((asset) =>
    !asset.is_fiat && asset.is_enabled ? Object.values(asset.networks) : [],
  );
  return networkIds.flatMap((id) => {
    const network = networks.find((candidate) => candidate.network === id);
    return network ? [{ ...network, network: id }] : [];
  });
}

/** The network's name, as the catalogue gives it ("Tron (TRC20)"), or its id when unknown. */
export function addressBookNetworkName(catalogue: AssetCatalogue, id: NetworkId): string {
  return addressBookNetworks(catalogue).find((candidate) => candidate.network === id)?.name ?? id;
}
