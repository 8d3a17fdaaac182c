/**
 * A fake of the market-profile calls behind a stubbed `fetch`: the person's own profile, other
 * users by public market id, review stats, and reviews newest first by cursor, filtered by type.
 * Every request is recorded.
 */
import type { OwnMarketProfile, PublicMarketProfile, Review } from '../../../src/contract/p2p-profile.ts';
import type { AssetCatalogue } from '../../../src/contract/wallet.ts';
import { fiatAsset } from '../support/assets.ts';
import { type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';

/** The catalogue the profile pages read: the US dollar the traded volume is counted in. */
const catalogue: AssetCatalogue = { assets: { USD: fiatAsset('USD', 'US Dollar', '$') } };

export const anna: PublicMarketProfile = {
  user: {
    id: 31,
    username: 'anna_trader',
    name: 'Anna Petrova',
    user_color_index: 2,
    orders: 12,
    orders_percent: 92,
    volume: '1234.5',
    is_verified_merchant: false,
  },
  stats: {
    all_time: { completed_orders: 101, completion_percent: 98 },
    last_30_days: { completed_orders: 12, completion_percent: 92 },
    volume_usd: '1234.5',
    positive_reviews: 3,
    negative_reviews: 1,
    account_age_days: 65,
  },
  is_online: false,
  last_seen_at: '2026-11-24T11:48:00Z',
  registered_at: '2026-09-20T10:00:00Z',
};

export const ownProfile: OwnMarketProfile = {
  ...anna,
  user: { ...anna.user, id: 5, username: 'kopilka_me', name: 'Ivan Sidorov', user_color_index: 5 },
  stats: {
    ...anna.stats,
    all_time: { completed_orders: 1, completion_percent: 100 },
    last_30_days: { completed_orders: 0, completion_percent: 0 },
    volume_usd: '0',
    positive_reviews: 1,
    negative_reviews: 0,
    account_age_days: 0,
  },
  account_info: { can_edit_remark: true },
  is_premium: false,
  username_changes_left: 2,
  quiet_hours: null,
  is_quiet_now: false,
};

export interface FakeP2PProfileApi {
  sent: FakeRequest[];
}

/** `count` reviews of user 31, ids count…1 (newest first), every fourth negative. */
export function reviewsOf(count: number): Review[] {
  return Array.from({ length: count }, (_, index) => {
    const id = count - index;
    return {
      id,
      type: id % 4 === 0 ? ('negative' as const) : ('positive' as const),
      comment: `review ${id}`,
      author: { id: 100 + id, username: `buyer_${id}`, user_color_index: id % 7 },
      created_at: '2026-11-20T09:00:00Z',
    };
  });
}

export function installP2PProfileApi(
  options: { profiles?: PublicMarketProfile[]; reviews?: Review[]; own?: OwnMarketProfile } = {},
): FakeP2PProfileApi {
  const profiles = options.profiles ?? [anna];
  const reviews = options.reviews ?? [];
  const api: FakeP2PProfileApi = { sent: [] };
  stubFetch((request) => {
    api.sent.push(request);
    if (request.route === 'GET /wallet/asset') return ok(catalogue);
    if (request.route === 'GET /p2p/profile') return ok(options.own ?? ownProfile);
    const match = /^\/p2p\/profile\/(\d+)(\/reviews(\/stats)?)?$/.exec(request.path);
    if (request.method !== 'GET' || !match) return undefined;
    const profile = profiles.find((candidate) => String(candidate.user.id) === match[1]);
    if (!profile) return { status: 404, body: { code: 'profile_not_found', message: 'No such user' } };
    if (match[3]) {
      const positive = reviews.filter((review) => review.type === 'positive').length;
      return ok({ positive, negative: reviews.length - positive, total: reviews.length });
    }
    if (match[2]) {
      const type = request.search.get('type');
      const count = Number(request.search.get('count') ?? '40');
      const cursor = request.search.get('cursor');
      const matching = reviews.filter((review) => type === null || review.type === type);
      const start = cursor === null ? 0 : matching.findIndex((review) => String(review.id) === cursor) + 1;
      const items = matching.slice(start, start + count);
      const last = items.at(-1);
      return ok({ items, nextCursor: start + count < matching.length && last ? String(last.id) : null });
    }
    return ok(profile);
  });
  return api;
}
