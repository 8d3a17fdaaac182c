import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/ru';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Dates as spec 000 s.9 writes them, in the person's time zone (their setting, else the
 * device's) and language. Loaded only by the screens that show dates (dayjs stays out of the
 * first screen).
 */
export interface DateOptions {
  /** en or ru. */
  readonly locale: string;
  /** An IANA zone; null or undefined means the device's. */
  readonly timeZone?: string | null;
  /** "Now", for the current-year rule (tests pass a fixed one). */
  readonly now?: Date;
}

/** Spec 000 s.8: an invalid date renders as this text. */
export const invalidDate = 'Invalid date';

function inZone(value: string | Date, options: DateOptions): Dayjs | null {
  // The platform's own parser: dayjs alone would read "2026-13-45" as a date in 2027.
  const date = dayjs(value instanceof Date ? value : new Date(value));
  if (!date.isValid()) return null;
  const zoned = options.timeZone ? date.tz(options.timeZone) : date;
  return zoned.locale(options.locale === 'ru' ? 'ru' : 'en');
}

/** Titles: DD.MM.YYYY HH:mm:ss. */
export function formatTitleDate(value: string | Date, options: DateOptions): string {
  return inZone(value, options)?.format('DD.MM.YYYY HH:mm:ss') ?? invalidDate;
}

/** D MMM HH:mm in the current year, with the year otherwise (D MMM YYYY HH:mm). */
export function formatShortDate(value: string | Date, options: DateOptions): string {
  const date = inZone(value, options);
  if (date === null) return invalidDate;
  return date.format(date.year() === zonedNow(options).year() ? 'D MMM HH:mm' : 'D MMM YYYY HH:mm');
}

function zonedNow(options: DateOptions): Dayjs {
  return options.timeZone ? dayjs(options.now).tz(options.timeZone) : dayjs(options.now);
}

const calendarDay = 'YYYY-MM-DD';

export type FlexDate =
  | { readonly kind: 'today' | 'yesterday'; readonly time: string }
  | { readonly kind: 'date'; readonly text: string }
  | { readonly kind: 'invalid' };

/**
 * Flex form (spec 000 s.9): Today or Yesterday with HH:mm when the date falls on one of those
 * calendar days in the person's zone, otherwise the short form. The words are the view's to
 * translate, so this answers which one, not the text.
 */
export function flexDate(value: string | Date, options: DateOptions): FlexDate {
  const date = inZone(value, options);
  if (date === null) return { kind: 'invalid' };
  const day = date.format(calendarDay);
  const today = zonedNow(options).format(calendarDay);
  // The day before by calendar arithmetic on the date alone, so no clock change in the zone can
  // move it.
  const yesterday = dayjs.utc(today).subtract(1, 'day').format(calendarDay);
  if (day === today) return { kind: 'today', time: date.format('HH:mm') };
  if (day === yesterday) return { kind: 'yesterday', time: date.format('HH:mm') };
  return { kind: 'date', text: formatShortDate(value, options) };
}

/**
 * Large form (spec 000 s.9, "date at time"): "22 November 2026" and "14:05", for the view to
 * join through Lingui. Null for an invalid date (the view then shows `invalidDate`).
 */
export function largeDateParts(value: string | Date, options: DateOptions): { date: string; time: string } | null {
  const date = inZone(value, options);
  if (date === null) return null;
  return { date: date.format('D MMMM YYYY'), time: date.format('HH:mm') };
}
