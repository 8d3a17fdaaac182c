/** An account's age as a profile says it: days for the first month, then months, then years. */
export type AccountAge = { unit: 'day' | 'month' | 'year'; count: number };

export function accountAgeOf(days: number): AccountAge {
  if (days < 30) return { unit: 'day', count: Math.max(0, days) };
  if (days < 365) return { unit: 'month', count: Math.floor(days / 30) };
  return { unit: 'year', count: Math.floor(days / 365) };
}
