import * as z from 'zod/mini';
import {
  fiatAmount,
  fiatCode,
  type MarketAsset,
  type MarketFiat,
  marketAssetCode,
} from '../../../contract/p2p-market.ts';
import type { OfferListFilters } from '../../api/p2pQueries.ts';
import { type MarketSide, marketSides, offerTypeOfSide } from '../../lib/p2p/marketSide.ts';

/**
 * An offer list's filters live in its URL (`/p2p/buy?asset=USDT&fiat=RUB&methods=sbp,tinkoff&
 * amount=1500&verified=true`), so a reload, a shared link and back keep them, and the choice
 * pages (`/asset`, `/fiat`, `/method`, `/verification`) read and write the same search. Anything
 * malformed is dropped, never guessed at; an absent asset or fiat takes its default.
 */

const methodIdentifier = /^[a-z0-9_-]{1,48}$/;
/** The API's bound on repeated `payment_methods`. */
const maxMethods = 20;

/** "sbp,tinkoff": catalogue identifiers, comma-separated (they never contain a comma). */
const methodList = z.string().check(
  z.refine((text) => {
    const parts = text.split(',');
    return parts.length <= maxMethods && parts.every((part) => methodIdentifier.test(part));
  }),
);

/** The router reads `amount=1500` as the number 1500 and `amount="1500"` as text: both are the amount. */
const amountParam = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value) => String(value)),
);

export const offerListSearch = z.object({
  asset: z.catch(z.optional(marketAssetCode), undefined),
  fiat: z.catch(z.optional(fiatCode), undefined),
  methods: z.catch(z.optional(methodList), undefined),
  amount: z.catch(z.optional(z.pipe(amountParam, fiatAmount)), undefined),
  verified: z.catch(z.optional(z.boolean()), undefined),
});
export type OfferListSearch = z.infer<typeof offerListSearch>;

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

/** The route params of `/p2p/{side}` and its choice pages: anything but buy or sell is not found. */
export const sideParams = z.object({ side: z.enum(marketSides) });

/** The filters alone (the root's `back` is where the page's back goes, not a filter). */
export function filtersOf(search: OfferListSearch): OfferListSearch {
  return {
    asset: search.asset,
    fiat: search.fiat,
    methods: search.methods,
    amount: search.amount,
    verified: search.verified,
  };
}
