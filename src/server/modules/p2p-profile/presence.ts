import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { p2pProfiles } from '../../db/schema/p2p-profile';

// Honest presence (P2P.md): a market user is "online" only when the app was used within the last
// five minutes. Every authenticated request counts (auth/sessions.ts calls `recordPresence` when due),
// written at most once a minute per user, so reads do not all turn into writes.

const minuteMs = 60_000;

/** How often last_seen_at is written at most: the precision "last seen" is shown with. */
export const presenceResolutionMs = minuteMs;

/** Seen within this long ago counts as online. */
export const onlineWindowMs = 5 * minuteMs;

export function isPresenceDue(lastSeenAt: Date | null, now: Date): boolean {
  return lastSeenAt === null || now.getTime() - lastSeenAt.getTime() >= presenceResolutionMs;
}

/**
 * Records that the user was seen now, unless it was already recorded within the last minute (by
 * this request's reading or, under a race, by another request). Users without a market profile
 * are not tracked: nobody can look them up.
 */
export async function recordPresence(db: Database, userId: number, now: Date): Promise<void> {
  const dueBefore = new Date(now.getTime() - presenceResolutionMs);
  await db
    .update(p2pProfiles)
    .set({ lastSeenAt: now })
    .where(
      and(eq(p2pProfiles.userId, userId), or(isNull(p2pProfiles.lastSeenAt), lte(p2pProfiles.lastSeenAt, dueBefore))),
    );
}

export function isOnline(lastSeenAt: Date | null, now: Date): boolean {
  return lastSeenAt !== null && now.getTime() - lastSeenAt.getTime() <= onlineWindowMs;
}

/** "Last seen" as shown: to the minute, so the seconds of someone's activity are not published. */
export function lastSeenToMinute(lastSeenAt: Date | null): string | null {
  if (lastSeenAt === null) return null;
  return new Date(Math.floor(lastSeenAt.getTime() / minuteMs) * minuteMs).toISOString();
}
