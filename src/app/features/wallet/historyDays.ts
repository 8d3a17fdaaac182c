import type { WalletTransaction } from '../../../contract/wallet-operations.ts';
import { type DateOptions, flexDate, largeDateParts } from '../../lib/dates.ts';

/** What a day divider says: the view turns today and yesterday into words. */
export type DayHeading =
  | { readonly kind: 'today' | 'yesterday' }
  | { readonly kind: 'date'; readonly text: string }
  | { readonly kind: 'invalid' };

export interface HistoryDay {
  /** Stable for React: the day and where the run of items starts. */
  readonly key: string;
  readonly heading: DayHeading;
  readonly items: readonly WalletTransaction[];
}

function headingOf(date: string, options: DateOptions): { day: string; heading: DayHeading } {
  const parts = largeDateParts(date, options);
  if (parts === null) return { day: 'invalid', heading: { kind: 'invalid' } };
  const flex = flexDate(date, options);
  if (flex.kind === 'today' || flex.kind === 'yesterday') return { day: parts.date, heading: { kind: flex.kind } };
  return { day: parts.date, heading: { kind: 'date', text: parts.date } };
}

/**
 * The history as runs of items of the same calendar day (in the person's zone), in the order the
 * server sent them: a divider goes wherever the day changes from one item to the next.
 */
export function groupByDay(items: readonly WalletTransaction[], options: DateOptions): HistoryDay[] {
  const days: { key: string; day: string; heading: DayHeading; items: WalletTransaction[] }[] = [];
  items.forEach((item, index) => {
    const { day, heading } = headingOf(item.date, options);
    const current = days.at(-1);
    if (current !== undefined && current.day === day) current.items.push(item);
    else days.push({ key: `${day}#${index}`, day, heading, items: [item] });
  });
  return days.map(({ key, heading, items: dayItems }) => ({ key, heading, items: dayItems }));
}
