import { type AssetCatalogue, assetCatalogue } from '../../contract/wallet.ts';

/**
 * Spec 000 s.7: the asset catalogue is "cached, also kept in local storage". It is the same for
 * everyone (nothing personal is stored), and lets a start show the home without waiting for it.
 */
export const catalogueStorageKey = 'kopilka.catalogue';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage switched off (a privacy setting): the catalogue is simply fetched every start.
    return null;
  }
}

/** The catalogue an earlier start kept, if it is there and still matches the contract. */
export function storedCatalogue(): AssetCatalogue | undefined {
  try {
    const kept = storage()?.getItem(catalogueStorageKey);
    if (kept === null || kept === undefined) return undefined;
    const parsed = assetCatalogue.safeParse(JSON.parse(kept));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the catalogue for the next start; a full or refused storage keeps nothing. */
export function storeCatalogue(catalogue: AssetCatalogue): void {
  try {
    storage()?.setItem(catalogueStorageKey, JSON.stringify(catalogue));
  } catch {
    // Quota or privacy mode: the next start fetches it.
  }
}
