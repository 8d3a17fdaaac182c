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
  const now = options.timeZone ? dayjs(options.now).tz(options.timeZone) : dayjs(options.now);
  return date.format(date.year() === now.year() ? 'D MMM HH:mm' : 'D MMM YYYY HH:mm');
}
