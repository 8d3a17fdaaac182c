// Figures the bench and the other measuring scripts (lighthouse.ts, throttled-start.ts) print.

/** The value below which a share `p` (0–1) of the values fall (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}

/** The middle value, or the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** `counts` as "120× 200, 3× 304". */
export function statusList(counts: ReadonlyMap<number | string, number> | Readonly<Record<string, number>>): string {
  const entries = counts instanceof Map ? [...counts] : Object.entries(counts);
  return entries.map(([status, n]) => `${n}× ${status}`).join(', ');
}
