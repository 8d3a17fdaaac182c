import { useEffect, useState } from 'react';

/** Whole seconds from `now` until `dueAt` (an ISO date), never below 0. */
export function secondsUntil(dueAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(dueAt) - now) / 1000));
}

/** 75 → "01:15", 3725 → "1:02:05": minutes and seconds, hours only when there are some. */
export function formatCountdown(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}

/** The seconds left until `dueAt`, ticking every second while it runs (null: no timer). */
export function useSecondsLeft(dueAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (dueAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [dueAt]);
  return dueAt === null ? null : secondsUntil(dueAt, now);
}
