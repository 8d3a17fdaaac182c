import { useSearch } from '@tanstack/react-router';
import type { OfferType } from '../../../contract/p2p-market.ts';
import { offersListBack, useBack } from '../../lib/back.ts';
import { sideOfOfferType } from '../../lib/p2p/marketSide.ts';

/**
 * Where the offer screen's back goes (spec 001 s.2): with `back=offers` (lib/back.ts keeps it,
 * and ignores it as a target), the offers list the offer is on; otherwise the P2P index. Either
 * way `useBack` goes one step back in history when the person came from inside the app, so the
 * list keeps its filters and scroll.
 * The list of a sell offer is `/p2p/buy` (lib/p2p/marketSide.ts: lists are named from the
 * looker's side), of a buy offer `/p2p/sell`.
 */
export function useOfferBack(type: OfferType | null): () => void {
  const toList = useSearch({ strict: false, select: (search) => search.back === offersListBack });
  const toOffers = useBack({ to: '/p2p/$side', params: { side: type === null ? 'buy' : sideOfOfferType(type) } });
  const toIndex = useBack({ to: '/p2p' });
  return toList && type !== null ? toOffers : toIndex;
}
