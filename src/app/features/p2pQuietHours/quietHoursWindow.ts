/**
 * A quiet-hours window as the page reads it (P2P.md "Quiet hours"): two times of day, "HH:MM".
 * A window whose start is after its end crosses midnight ("23:00"–"07:00"); equal times are no
 * window (the server's WRONG_SLEEP).
 */
export type QuietWindowKind = 'same_day' | 'overnight' | 'empty';

const timePattern = /^([01][0-9]|2[0-3]):([0-5][0-9])/;

/** "23:00" or "23:00:00" (a browser's time field with seconds) → "23:00"; null when not a time. */
export function timeOfDayOf(value: string): string | null {
  const match = timePattern.exec(value);
  return match ? `${match[1]}:${match[2]}` : null;
}

export function quietWindowKind(from: string, to: string): QuietWindowKind {
  if (from === to) return 'empty';
  return from < to ? 'same_day' : 'overnight';
}

/** Offered when none are set: the night. */
export const suggestedQuietHours = { from: '23:00', to: '07:00' } as const;
