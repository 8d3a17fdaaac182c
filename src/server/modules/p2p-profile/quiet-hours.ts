import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { QuietHours } from '../../../contract/p2p-profile';
import { profileErrorCodes } from '../../../contract/p2p-profile';
import type { Database } from '../../db/database';
import { p2pProfiles } from '../../db/schema/p2p-profile';
import { userSettings, users } from '../../db/schema/users';
import { ApiError } from '../../http/api-error';

// Quiet hours (P2P.md "Quiet hours"): a daily window in the user's settings time zone, stored as
// minutes after midnight. Whether someone is in theirs is decided by one SQL expression, so the
// offer lists, the order rules and the profile can never disagree.

const minutesPerHour = 60;

function minuteOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * minutesPerHour + (minutes ?? 0);
}

function timeOfDayText(minute: number): string {
  const pad = (value: number) => value.toString().padStart(2, '0');
  return `${pad(Math.floor(minute / minutesPerHour))}:${pad(minute % minutesPerHour)}`;
}

/** The stored window as the contract shows it; null when none is set. */
export function quietHoursOf(profile: {
  readonly quietFromMinute: number | null;
  readonly quietToMinute: number | null;
}): QuietHours | null {
  if (profile.quietFromMinute === null || profile.quietToMinute === null) return null;
  return { from: timeOfDayText(profile.quietFromMinute), to: timeOfDayText(profile.quietToMinute) };
}

/**
 * True when the user whose internal id is in `userIdColumn` is in their quiet hours at `now`. The
 * clock is read in their settings time zone (UTC until the app has sent one); a window whose start
 * is after its end crosses midnight. The tables are aliased, so the expression may sit inside a
 * query over the same tables.
 */
export function inQuietHoursSql(userIdColumn: Column | SQL, now: Date): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${p2pProfiles} as quiet_profile
    left join ${userSettings} as quiet_settings on quiet_settings.user_id = quiet_profile.user_id
    cross join lateral (select timezone(coalesce(quiet_settings.timezone, 'UTC'), ${now.toISOString()}::timestamptz) as local_time) as quiet_clock
    cross join lateral (select (extract(hour from quiet_clock.local_time) * 60 + extract(minute from quiet_clock.local_time))::int as minute) as quiet_now
    where quiet_profile.user_id = ${userIdColumn}
      and quiet_profile.quiet_from_minute is not null and quiet_profile.quiet_to_minute is not null
      and case when quiet_profile.quiet_from_minute < quiet_profile.quiet_to_minute
        then quiet_now.minute >= quiet_profile.quiet_from_minute and quiet_now.minute < quiet_profile.quiet_to_minute
        else quiet_now.minute >= quiet_profile.quiet_from_minute or quiet_now.minute < quiet_profile.quiet_to_minute end)`;
}

/** Whether the user is in their quiet hours at `now` (false without a market profile or a window). */
export async function isInQuietHours(db: Database, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ quiet: inQuietHoursSql(users.id, now) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.quiet === true;
}

/** 422 WRONG_SLEEP for a window that starts when it ends (it would be empty, or the whole day). */
export function assertQuietHours(hours: QuietHours | null): void {
  if (hours !== null && hours.from === hours.to) {
    throw new ApiError(422, profileErrorCodes.wrongSleep, 'Quiet hours must start and end at different times');
  }
}

/** Sets the window (the profile must exist), or clears it with null. */
export async function setQuietHours(db: Database, userId: number, hours: QuietHours | null): Promise<void> {
  assertQuietHours(hours);
  await db
    .update(p2pProfiles)
    .set({
      quietFromMinute: hours === null ? null : minuteOfDay(hours.from),
      quietToMinute: hours === null ? null : minuteOfDay(hours.to),
    })
    .where(eq(p2pProfiles.userId, userId));
}
