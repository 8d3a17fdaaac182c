import type { OfferType } from '../../../contract/p2p-market.ts';

/**
 * The offer lists are named from the looker's side (spec 001 s.2 `/p2p/{side}`): on `/p2p/buy`
 * the person buys, so it lists the makers who sell (`sell` offers), and the other way round.
 */
export const marketSides = ['buy', 'sell'] as const;
export type MarketSide = (typeof marketSides)[number];

export function isMarketSide(value: string): value is MarketSide {
  return value === 'buy' || value === 'sell';
}

/** `/p2p/buy` lists `sell` offers. */
export function offerTypeOfSide(side: MarketSide): OfferType {
  return side === 'buy' ? 'sell' : 'buy';
}

/** The list an offer appears on: a `sell` offer on `/p2p/buy` (where `back=offers` returns). */
export function sideOfOfferType(type: OfferType): MarketSide {
  return type === 'sell' ? 'buy' : 'sell';
}
