import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { MarketSide } from '../../lib/p2p/marketSide.ts';
import type { OfferListSearch } from './offerListSearch.ts';

/**
 * A choice page's way back to its list, with the filters it changed. The list opened the page,
 * so when there is an entry behind it history goes back there first and that entry is then
 * replaced with the new filters: [list, choice] becomes [list with the choice], and back from the
 * list does not pass through the choice page or the old filters again. Opened directly (a link,
 * a reload with nothing behind), the page's own entry is replaced.
 */
export function useReturnToList(side: MarketSide, back: string | undefined): (search: OfferListSearch) => void {
  const router = useRouter();
  return useCallback(
    (search: OfferListSearch) => {
      const show = () =>
        void router.navigate({ to: '/p2p/$side', params: { side }, search: { ...search, back }, replace: true });
      if ((router.history.location.state.__TSR_index ?? 0) <= 0) {
        show();
        return;
      }
      const stop = router.history.subscribe(() => {
        stop();
        show();
      });
      router.history.back();
    },
    [router, side, back],
  );
}
