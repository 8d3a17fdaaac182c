import type { MarketAsset, MarketFiat } from '../../../contract/p2p-market.ts';
import type { OfferListFilters } from '../../api/p2pQueries.ts';
import { type MarketSide, offerTypeOfSide } from '../../lib/p2p/marketSide.ts';
import type { OfferListSearch } from './offerListSearch.ts';

// What an offer list shows for its URL's filters (offerListSearch.ts): the defaults, the API's
// query, whether anything narrows it.

/** The methods of a search, as a list (none: every method). */
export function methodsOf(search: Pick<OfferListSearch, 'methods'>): string[] {
  return search.methods === undefined ? [] : search.methods.split(',');
}

/** A list of methods back into the search (none: the parameter goes). */
export function methodsParam(methods: readonly string[]): string | undefined {
  return methods.length === 0 ? undefined : methods.join(',');
}

/** The asset a list shows when the URL names none (or one the market does not trade): USDT, else the first. */
export function defaultAsset(assets: readonly MarketAsset[]): string | null {
  return assets.find((asset) => asset.code === 'USDT')?.code ?? assets[0]?.code ?? null;
}

/** The fiat a list shows when the URL names none: the person's local currency when it trades, else the first. */
export function defaultFiat(fiats: readonly MarketFiat[], localCurrency: string): string | null {
  return fiats.find((fiat) => fiat.code === localCurrency)?.code ?? fiats[0]?.code ?? null;
}

/** What a list shows: the URL's asset and fiat when the market trades them, else the defaults. */
export interface ShownMarket {
  asset: string;
  fiat: string;
}

export function shownMarket(
  search: Pick<OfferListSearch, 'asset' | 'fiat'>,
  assets: readonly MarketAsset[],
  fiats: readonly MarketFiat[],
  localCurrency: string,
): ShownMarket | null {
  const asset = assets.some((item) => item.code === search.asset) ? search.asset : defaultAsset(assets);
  const fiat = fiats.some((item) => item.code === search.fiat) ? search.fiat : defaultFiat(fiats, localCurrency);
  return asset === null || asset === undefined || fiat === null || fiat === undefined ? null : { asset, fiat };
}

/** The API's list query for a side, its market and the URL's other filters. */
export function listFiltersOf(side: MarketSide, market: ShownMarket, search: OfferListSearch): OfferListFilters {
  const methods = methodsOf(search);
  return {
    type: offerTypeOfSide(side),
    asset: market.asset,
    fiat: market.fiat,
    ...(methods.length > 0 ? { payment_methods: methods } : {}),
    ...(search.amount !== undefined ? { amount: search.amount } : {}),
    ...(search.verified === true ? { verified_only: 'true' as const } : {}),
  };
}

/** Whether anything beyond the asset and the fiat narrows the list (the empty state offers to clear it). */
export function isNarrowed(search: OfferListSearch): boolean {
  return search.methods !== undefined || search.amount !== undefined || search.verified === true;
}
