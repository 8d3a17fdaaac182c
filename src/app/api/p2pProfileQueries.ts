import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { p2pProfileEndpoints, type ReviewType } from '../../contract/p2p-profile.ts';
import { call } from './call.ts';

// Market profiles and reviews (spec 001 s.7; s.9: "Profile reviews refresh / profile stale 60 s").

const profileKey = ['p2p', 'profile'] as const;

/** Spec 001 s.9: profiles are stale after 60 s, reviews refresh every 60 s. */
export const profileStaleMs = 60_000;
export const reviewsRefreshMs = 60_000;

/** Spec 001 s.9 "List page size: 40 divided by a device divider" (1 today). */
export const reviewsPageSize = 40;

/** GET /p2p/profile: the person's own market profile. */
export function ownMarketProfileQueryOptions() {
  return queryOptions({
    queryKey: [...profileKey, 'own'] as const,
    queryFn: ({ signal }) => call(p2pProfileEndpoints.getOwnMarketProfile, { signal }),
    staleTime: profileStaleMs,
  });
}

/** GET /p2p/profile/{id}: another market user's profile, by their public market id. */
export function marketProfileQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...profileKey, 'user', id] as const,
    queryFn: ({ signal }) => call(p2pProfileEndpoints.getMarketProfile, { signal, params: { id } }),
    staleTime: profileStaleMs,
  });
}

/** GET /p2p/profile/{id}/reviews/stats. */
export function reviewStatsQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...profileKey, 'user', id, 'review-stats'] as const,
    queryFn: ({ signal }) => call(p2pProfileEndpoints.getReviewStats, { signal, params: { id } }),
    staleTime: profileStaleMs,
    refetchInterval: reviewsRefreshMs,
  });
}

/** The first page has no cursor. */
const firstPage: string | null = null;

/** GET /p2p/profile/{id}/reviews: newest first, a page at a time by cursor; `type` filters. */
export function reviewsQueryOptions(id: number, type: ReviewType | null) {
  return infiniteQueryOptions({
    queryKey: [...profileKey, 'user', id, 'reviews', type] as const,
    queryFn: ({ signal, pageParam }) =>
      call(p2pProfileEndpoints.listReviews, {
        signal,
        params: { id },
        query: { count: reviewsPageSize, cursor: pageParam ?? undefined, type: type ?? undefined },
      }),
    initialPageParam: firstPage,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: profileStaleMs,
    refetchInterval: reviewsRefreshMs,
  });
}
