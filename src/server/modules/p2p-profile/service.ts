import { and, count, eq, gt, sql } from 'drizzle-orm';
import { type OwnMarketProfile, type PublicMarketProfile, profileErrorCodes } from '../../../contract/p2p-profile';
import { isBlocked } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { p2pProfiles, p2pUsernameChanges } from '../../db/schema/p2p-profile';
import { users } from '../../db/schema/users';
import { ApiError } from '../../http/api-error';
import type { FeatureFlagPolicy } from '../settings/feature-flags';
import { getUserSettings } from '../settings/service';
import { hasLevel } from '../verification/state';
import { isOnline, isPresenceDue, lastSeenToMinute, recordPresence } from './presence';
import { ensureProfile, type ProfileRow } from './profiles';
import { isInQuietHours, quietHoursOf } from './quiet-hours';
import { reviewStatsOf } from './reviews';
import {
  displayName,
  type TradeStats,
  tradeSummaries,
  tradeSummaryOf,
  usdFromCents,
  userColorIndex,
  wholeDaysBetween,
} from './summaries';
import { isReservedUsername } from './usernames';

const yearMs = 365 * 24 * 60 * 60 * 1000;

/** Spec 001 "Username changes": twice in any 12 months. */
export const usernameChangesPerYear = 2;

/** Spec 001 "Username eligibility": more than 10 completed orders, at least 80 % completed (all time). */
export const usernameEligibility = { moreThanOrders: 10, minCompletionPercent: 80 } as const;

export const profileErrors = {
  notFound: () => new ApiError(404, profileErrorCodes.profileNotFound, 'There is no market user with this id'),
  wrongUsername: () =>
    new ApiError(422, profileErrorCodes.wrongUsername, 'This username cannot be used: it looks like a staff account'),
  taken: () => new ApiError(409, profileErrorCodes.usernameTaken, 'This username is already taken'),
  cannotChangeNow: () =>
    new ApiError(409, profileErrorCodes.cannotChangeNow, 'The username can be changed only twice a year'),
  notEnoughOrders: () =>
    new ApiError(
      403,
      profileErrorCodes.notEnoughOrders,
      'Changing the username needs more than 10 completed orders, at least 80% of them completed',
    ),
};

function contractStats(stats: TradeStats) {
  return { completed_orders: stats.completedOrders, completion_percent: stats.completionPercent };
}

/** The public view of a user who has a market profile. */
async function publicProfileOf(db: Database, profile: ProfileRow, now: Date): Promise<PublicMarketProfile> {
  const [person] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, profile.userId));
  if (person === undefined) throw profileErrors.notFound();
  const [summaries, reviews] = await Promise.all([
    tradeSummaries(db, [profile.userId], now),
    reviewStatsOf(db, profile.userId),
  ]);
  const trades = tradeSummaryOf(summaries, profile.userId);
  return {
    user: {
      id: profile.publicId,
      username: profile.username,
      name: displayName(person.firstName, person.lastName),
      user_color_index: userColorIndex(profile.userId),
      orders: trades.last30Days.completedOrders,
      orders_percent: trades.last30Days.completionPercent,
      volume: usdFromCents(trades.volumeUsdCents),
      is_verified_merchant: profile.isVerifiedMerchant,
    },
    stats: {
      all_time: contractStats(trades.allTime),
      last_30_days: contractStats(trades.last30Days),
      volume_usd: usdFromCents(trades.volumeUsdCents),
      positive_reviews: reviews.positive,
      negative_reviews: reviews.negative,
      account_age_days: wholeDaysBetween(person.createdAt, now),
    },
    is_online: isOnline(profile.lastSeenAt, now),
    last_seen_at: lastSeenToMinute(profile.lastSeenAt),
    registered_at: person.createdAt.toISOString(),
  };
}

/** The internal id of the market user with this public id; 404 when there is none. */
export async function profileByPublicId(db: Database, publicId: number): Promise<ProfileRow> {
  const [profile] = await db.select().from(p2pProfiles).where(eq(p2pProfiles.publicId, publicId));
  if (profile === undefined) throw profileErrors.notFound();
  return profile;
}

export async function marketProfileOf(db: Database, publicId: number, now: Date): Promise<PublicMarketProfile> {
  return publicProfileOf(db, await profileByPublicId(db, publicId), now);
}

async function usernameChangesWithinYear(db: Database, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ changes: count() })
    .from(p2pUsernameChanges)
    .where(
      and(eq(p2pUsernameChanges.userId, userId), gt(p2pUsernameChanges.changedAt, new Date(now.getTime() - yearMs))),
    );
  return row?.changes ?? 0;
}

/**
 * Who may write offer conditions (spec 001 "Account info" can_edit_remark): free text other users
 * read is where scams and abuse go, so it needs a known person, the `basic` verification level
 * (phone and personal data), and an account that is not blocked.
 */
export async function canEditRemark(
  db: Database,
  flags: FeatureFlagPolicy,
  userId: number,
  now: Date,
): Promise<boolean> {
  const settings = await getUserSettings(db, flags, userId);
  if (isBlocked(settings.compliance, now)) return false;
  return hasLevel(db, userId, 'basic');
}

export async function ownMarketProfileOf(
  db: Database,
  flags: FeatureFlagPolicy,
  userId: number,
  now: Date,
): Promise<OwnMarketProfile> {
  const stored = await ensureProfile(db, userId, now);
  // A profile created just now missed this request's presence check (it ran before the profile existed).
  const profile = isPresenceDue(stored.lastSeenAt, now) ? { ...stored, lastSeenAt: now } : stored;
  if (profile !== stored) await recordPresence(db, userId, now);
  const [view, person, changes, remark, quietNow] = await Promise.all([
    publicProfileOf(db, profile, now),
    db.select({ isPremium: users.isPremium }).from(users).where(eq(users.id, userId)),
    usernameChangesWithinYear(db, userId, now),
    canEditRemark(db, flags, userId, now),
    isInQuietHours(db, userId, now),
  ]);
  return {
    ...view,
    account_info: { can_edit_remark: remark },
    is_premium: person[0]?.isPremium ?? false,
    username_changes_left: Math.max(0, usernameChangesPerYear - changes),
    quiet_hours: quietHoursOf(profile),
    is_quiet_now: quietNow,
  };
}

/** Whether another market user has this username, regardless of case; a reserved name counts as taken. */
export async function isUsernameTaken(db: Database, userId: number, username: string): Promise<boolean> {
  if (isReservedUsername(username)) return true;
  const [holder] = await db
    .select({ userId: p2pProfiles.userId })
    .from(p2pProfiles)
    .where(sql`lower(${p2pProfiles.username}) = lower(${username})`);
  return holder !== undefined && holder.userId !== userId;
}

/**
 * Changes the user's market username (spec 001 "Username eligibility", "Username changes"). The
 * same username is a success that changes nothing. The profile row is locked while the changes of
 * the last 12 months are counted, so two changes at once cannot both be the second; the unique
 * index on lower(username) refuses another user's name, also when two users claim one at once.
 */
export async function changeUsername(db: Database, userId: number, username: string, now: Date): Promise<void> {
  const profile = await ensureProfile(db, userId, now);
  if (profile.username === username) return;
  if (isReservedUsername(username)) throw profileErrors.wrongUsername();
  const { allTime } = tradeSummaryOf(await tradeSummaries(db, [userId], now), userId);
  if (
    allTime.completedOrders <= usernameEligibility.moreThanOrders ||
    allTime.completionPercent < usernameEligibility.minCompletionPercent
  ) {
    throw profileErrors.notEnoughOrders();
  }
  try {
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ username: p2pProfiles.username })
        .from(p2pProfiles)
        .where(eq(p2pProfiles.userId, userId))
        .for('update');
      if (locked === undefined || locked.username === username) return;
      // Counted under the lock: a change that committed while this one waited counts.
      if ((await usernameChangesWithinYear(tx, userId, now)) >= usernameChangesPerYear) {
        throw profileErrors.cannotChangeNow();
      }
      await tx.update(p2pProfiles).set({ username }).where(eq(p2pProfiles.userId, userId));
      await tx
        .insert(p2pUsernameChanges)
        .values({ userId, fromUsername: locked.username, toUsername: username, changedAt: now });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw profileErrors.taken();
    throw error;
  }
}
