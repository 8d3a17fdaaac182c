import { type DateOptions, flexDate } from '../../lib/dates.ts';

/** Spec (P2P.md): "online" only when seen within the last 5 minutes; the server decides it. */
export type Presence =
  | { kind: 'online' }
  | { kind: 'minutes'; minutes: number }
  | { kind: 'hours'; hours: number }
  | { kind: 'today' | 'yesterday'; time: string }
  | { kind: 'date'; text: string }
  | { kind: 'unknown' };

/**
 * When a market user was last seen, as the profile says it: online (the server's honest flag),
 * minutes or hours ago within the last 6 hours, else today/yesterday at a time, else the date;
 * unknown when the server gives no time (hidden, or never seen).
 */
export function presenceOf(
  profile: { is_online: boolean; last_seen_at: string | null },
  options: DateOptions & { now: Date },
): Presence {
  if (profile.is_online) return { kind: 'online' };
  if (profile.last_seen_at === null) return { kind: 'unknown' };
  const seen = new Date(profile.last_seen_at);
  const minutes = Math.floor((options.now.getTime() - seen.getTime()) / 60_000);
  if (Number.isNaN(minutes)) return { kind: 'unknown' };
  // Never "0 minutes ago" after the server said offline, nor a time in the future.
  if (minutes < 60) return { kind: 'minutes', minutes: Math.max(1, minutes) };
  if (minutes < 6 * 60) return { kind: 'hours', hours: Math.floor(minutes / 60) };
  const flex = flexDate(seen, options);
  if (flex.kind === 'invalid') return { kind: 'unknown' };
  return flex;
}
