import * as z from 'zod/mini';
import { decimalString } from './amount';
import { defineEndpoint } from './endpoint';
import { resultAnswer } from './security';

// Market profiles, reputation and reviews (spec 001 s.3 "Offer user", "P2P profile", s.7). A
// market user is known by a public market id, never by their Telegram id (docs/p2p.md).

const isoDateTime = z.iso.datetime({ offset: true });

/** A market user's public id (the `/p2p/users/{id}` route's number). */
export const marketUserId = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

/** A market username: a letter first, then letters, digits or underscore; 5–15 characters. */
export const marketUsername = z
  .string()
  .check(
    z.minLength(5, 'Name must be no less than 5 characters'),
    z.maxLength(15, 'Name must be no more than 15 characters'),
    z.regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'wrong username provided'),
  );

/**
 * The maker as offers show them (spec 001 s.3 "Offer user"): `orders` completed orders (30 days),
 * `orders_percent` completion rate (30 days, whole percent), `volume` traded in USD (all time).
 */
export const offerUser = z.object({
  id: z.int(),
  username: z.string(),
  /** The display name: the user's first and last name from Telegram. */
  name: z.string(),
  /** 0–6: the colour of the avatar's initials, as Telegram colours names. */
  user_color_index: z.int().check(z.minimum(0), z.maximum(6)),
  orders: z.int(),
  orders_percent: z.int().check(z.minimum(0), z.maximum(100)),
  volume: decimalString,
  is_verified_merchant: z.boolean(),
});
export type OfferUser = z.infer<typeof offerUser>;

/** Completed orders and completion rate over a period (P2P.md "Profile, reviews, reputation"). */
export const tradeStats = z.object({
  completed_orders: z.int(),
  /** completed ÷ (completed + cancels the user caused), whole percent; 0 with no orders. */
  completion_percent: z.int(),
});

export const marketProfileStats = z.object({
  all_time: tradeStats,
  last_30_days: tradeStats,
  /** Traded volume in USD, all time. */
  volume_usd: decimalString,
  positive_reviews: z.int(),
  negative_reviews: z.int(),
  /** Whole days since the first sign-in. */
  account_age_days: z.int(),
});
export type MarketProfileStats = z.infer<typeof marketProfileStats>;

/** Another user's market profile (GET /p2p/profile/{id}). */
export const publicMarketProfile = z.object({
  user: offerUser,
  stats: marketProfileStats,
  /** Honest presence: true only when seen within the last 5 minutes. */
  is_online: z.boolean(),
  /** When last seen using the app, to the minute; null when not seen since the profile was created. */
  last_seen_at: z.nullable(isoDateTime),
  registered_at: isoDateTime,
});
export type PublicMarketProfile = z.infer<typeof publicMarketProfile>;

/** A time of day, "HH:MM" (24 h). */
export const timeOfDay = z.string().check(z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Expected HH:MM'));

/**
 * Quiet hours (P2P.md "Quiet hours"): a daily window in the user's time zone (settings'
 * `timezone`), which may cross midnight ("23:00"–"07:00"); `from` equal to `to` is refused
 * (WRONG_SLEEP). While it lasts the user's offers are hidden and cannot be taken, and
 * notifications that can wait are held until it ends.
 */
export const quietHours = z.object({ from: timeOfDay, to: timeOfDay });
export type QuietHours = z.infer<typeof quietHours>;

/** The user's own market profile (GET /p2p/profile): the public part plus what only they see. */
export const ownMarketProfile = z.object({
  ...publicMarketProfile.shape,
  /** Spec 001 s.3 "Account info". */
  account_info: z.object({ can_edit_remark: z.boolean() }),
  /** Telegram Premium, from the last sign-in's init data (offer restriction). */
  is_premium: z.boolean(),
  /** Username changes left in the last 12 months (two a year), before the order rules. */
  username_changes_left: z.int(),
  /** Null when none are set. */
  quiet_hours: z.nullable(quietHours),
  /** Whether the quiet hours are running now. */
  is_quiet_now: z.boolean(),
});
export type OwnMarketProfile = z.infer<typeof ownMarketProfile>;

export const reviewTypes = ['positive', 'negative'] as const;
export const reviewType = z.enum(reviewTypes);
export type ReviewType = z.infer<typeof reviewType>;

export const review = z.object({
  id: z.int(),
  type: reviewType,
  comment: z.nullable(z.string()),
  /** Who wrote it. */
  author: z.object({ id: z.int(), username: z.string(), user_color_index: z.int() }),
  created_at: isoDateTime,
});
export type Review = z.infer<typeof review>;

export const reviewStats = z.object({ positive: z.int(), negative: z.int(), total: z.int() });
export type ReviewStats = z.infer<typeof reviewStats>;

/** Username change refusals (spec 001 s.8 "Username errors"). */
export const profileErrorCodes = {
  /** 422: a name passing its holder off as staff ("admin", "support", …); format errors are 400 validation_failed. */
  wrongUsername: 'WRONG_USERNAME',
  /** 409: another user has it (case does not matter). */
  usernameTaken: 'USERNAME_TAKEN',
  /** 409: already changed twice in the last year. */
  cannotChangeNow: 'CANNOT_CHANGE_NOW',
  /** 403: 10 orders or fewer, or under 80 % completed. */
  notEnoughOrders: 'NOT_ENOUGH_ORDERS',
  /** 422: quiet hours that are not a valid window. */
  wrongSleep: 'WRONG_SLEEP',
  /** 404: no market user with that public id. */
  profileNotFound: 'profile_not_found',
} as const;

const idParams = z.object({ id: marketUserId });

export const p2pProfileEndpoints = {
  getOwnMarketProfile: defineEndpoint({
    method: 'GET',
    path: '/p2p/profile',
    response: ownMarketProfile,
    errors: [401, 403],
    auth: true,
  }),
  /**
   * Changes the username and/or the quiet hours (null switches them off); at least one field.
   * A username change follows the eligibility rules; quiet hours are always allowed.
   */
  updateOwnMarketProfile: defineEndpoint({
    method: 'PATCH',
    path: '/p2p/profile',
    body: z
      .object({ username: z.optional(marketUsername), quiet_hours: z.optional(z.nullable(quietHours)) })
      .check(z.refine((body) => body.username !== undefined || body.quiet_hours !== undefined, 'Nothing to change')),
    response: resultAnswer,
    errors: [401, 403, 409, 422, 429],
    auth: true,
  }),
  checkUsername: defineEndpoint({
    method: 'POST',
    path: '/p2p/profile/check-username',
    body: z.object({ username: marketUsername }),
    response: z.object({ exists: z.boolean() }),
    errors: [401, 403, 429],
    auth: true,
  }),
  getMarketProfile: defineEndpoint({
    method: 'GET',
    path: '/p2p/profile/:id',
    params: idParams,
    response: publicMarketProfile,
    errors: [401, 403, 404],
    auth: true,
  }),
  getReviewStats: defineEndpoint({
    method: 'GET',
    path: '/p2p/profile/:id/reviews/stats',
    params: idParams,
    response: reviewStats,
    errors: [401, 403, 404],
    auth: true,
  }),
  listReviews: defineEndpoint({
    method: 'GET',
    path: '/p2p/profile/:id/reviews',
    params: idParams,
    query: z.object({
      count: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
      cursor: z.optional(z.string().check(z.maxLength(64))),
      type: z.optional(reviewType),
    }),
    response: z.object({ items: z.array(review), nextCursor: z.nullable(z.string()) }),
    errors: [401, 403, 404],
    auth: true,
  }),
};
