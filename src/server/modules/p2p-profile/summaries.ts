import { eq, inArray, sql } from 'drizzle-orm';
import type { OfferUser } from '../../../contract/p2p-profile';
import type { Database } from '../../db/database';
import { p2pTradeDays } from '../../db/schema/p2p-profile';
import { users } from '../../db/schema/users';
import { ensureProfiles } from './profiles';

// What the rest of the market reads about its users: the maker as offers show them
// (`offerUsersOf`) and the facts offer restrictions and order rules check (`profileFacts`).

const dayMs = 24 * 60 * 60 * 1000;

/** Completed orders and completion rate over a period. */
export interface TradeStats {
  readonly completedOrders: number;
  /** completed ÷ (completed + cancels the user caused), whole percent rounded down; 0 with no orders. */
  readonly completionPercent: number;
}

export interface TradeSummary {
  readonly allTime: TradeStats;
  /** Today (UTC) and the 29 days before it. */
  readonly last30Days: TradeStats;
  /** Traded volume of completed orders, all time, in US cents. */
  readonly volumeUsdCents: bigint;
}

/** What offer restrictions (and the next issue's order rules) check about a user. */
export interface ProfileFacts extends TradeSummary {
  /** Telegram Premium, from the last mini app sign-in. */
  readonly isPremium: boolean;
  /** Whole days since the first sign-in. */
  readonly accountAgeDays: number;
}

function tradeStats(completed: number, cancelled: number): TradeStats {
  const total = completed + cancelled;
  return { completedOrders: completed, completionPercent: total === 0 ? 0 : Math.floor((completed * 100) / total) };
}

const noTrades: TradeSummary = {
  allTime: tradeStats(0, 0),
  last30Days: tradeStats(0, 0),
  volumeUsdCents: 0n,
};

/** The first day (UTC, YYYY-MM-DD) of the 30-day window that ends today. */
export function windowStart(now: Date): string {
  return new Date(now.getTime() - 29 * dayMs).toISOString().slice(0, 10);
}

/** Sums of the users' trade days; users who never traded are absent (read them as {@link noTrades}). */
export async function tradeSummaries(
  db: Database,
  userIds: readonly number[],
  now: Date,
): Promise<Map<number, TradeSummary>> {
  if (userIds.length === 0) return new Map();
  const recent = sql`${p2pTradeDays.day} >= ${windowStart(now)}::date`;
  const rows = await db
    .select({
      userId: p2pTradeDays.userId,
      completed: sql<number>`coalesce(sum(${p2pTradeDays.completedOrders}), 0)::int`,
      cancelled: sql<number>`coalesce(sum(${p2pTradeDays.cancelledOrders}), 0)::int`,
      recentCompleted: sql<number>`coalesce(sum(${p2pTradeDays.completedOrders}) filter (where ${recent}), 0)::int`,
      recentCancelled: sql<number>`coalesce(sum(${p2pTradeDays.cancelledOrders}) filter (where ${recent}), 0)::int`,
      volumeUsdCents: sql<string>`coalesce(sum(${p2pTradeDays.volumeUsdCents}), 0)::text`,
    })
    .from(p2pTradeDays)
    .where(inArray(p2pTradeDays.userId, [...userIds]))
    .groupBy(p2pTradeDays.userId);
  return new Map(
    rows.map((row) => [
      row.userId,
      {
        allTime: tradeStats(row.completed, row.cancelled),
        last30Days: tradeStats(row.recentCompleted, row.recentCancelled),
        volumeUsdCents: BigInt(row.volumeUsdCents),
      },
    ]),
  );
}

export function tradeSummaryOf(summaries: ReadonlyMap<number, TradeSummary>, userId: number): TradeSummary {
  return summaries.get(userId) ?? noTrades;
}

/** US cents as a decimal string with two places: 123456n → "1234.56". */
export function usdFromCents(cents: bigint): string {
  const whole = cents / 100n;
  const fraction = (cents % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** The colour of a name's initials as Telegram picks it: the user id modulo 7. */
export function userColorIndex(telegramId: number): number {
  return telegramId % 7;
}

/** The display name: first and last name from Telegram. */
export function displayName(firstName: string, lastName: string | null): string {
  return lastName === null || lastName === '' ? firstName : `${firstName} ${lastName}`;
}

export function wholeDaysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / dayMs));
}

/**
 * The users as offers show them, keyed by internal user id; a user's market profile is created
 * when it is first needed. `orders` and `orders_percent` cover the last 30 days, `volume` all time.
 * Ids of users that do not exist are left out.
 */
export async function offerUsersOf(
  db: Database,
  userIds: readonly number[],
  now: Date = new Date(),
): Promise<Map<number, OfferUser>> {
  if (userIds.length === 0) return new Map();
  const people = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  const existing = people.map((person) => person.id);
  const [profiles, summaries] = await Promise.all([
    ensureProfiles(db, existing, now),
    tradeSummaries(db, existing, now),
  ]);
  const answer = new Map<number, OfferUser>();
  for (const person of people) {
    const profile = profiles.get(person.id);
    if (profile === undefined) continue;
    const trades = tradeSummaryOf(summaries, person.id);
    answer.set(person.id, {
      id: profile.publicId,
      username: profile.username,
      name: displayName(person.firstName, person.lastName),
      user_color_index: userColorIndex(person.id),
      orders: trades.last30Days.completedOrders,
      orders_percent: trades.last30Days.completionPercent,
      volume: usdFromCents(trades.volumeUsdCents),
      is_verified_merchant: profile.isVerifiedMerchant,
    });
  }
  return answer;
}

/** What offer restrictions check about a user; null when there is no such user. */
export async function profileFacts(db: Database, userId: number, now: Date = new Date()): Promise<ProfileFacts | null> {
  const [person] = await db
    .select({ isPremium: users.isPremium, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (person === undefined) return null;
  const trades = tradeSummaryOf(await tradeSummaries(db, [userId], now), userId);
  return { ...trades, isPremium: person.isPremium, accountAgeDays: wholeDaysBetween(person.createdAt, now) };
}
