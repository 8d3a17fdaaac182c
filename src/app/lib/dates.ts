/**
 * Dates as spec 000 s.9 writes them, in the person's time zone (their setting, else the
 * device's) and language. The platform's Intl does the zone arithmetic and names the months in
 * the case the day calls for ("22 ноября"), so the screens that show dates (the signed-in home's
 * history among them) carry no date library (issue 10). Decisions in docs/formatting.md.
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

/** A moment as the wall clock of one zone shows it, every field zero-padded text. */
interface WallClock {
  readonly date: Date;
  readonly year: string;
  readonly month: string;
  readonly day: string;
  readonly hour: string;
  readonly minute: string;
  readonly second: string;
  readonly options: DateOptions;
}

function zoneOf(options: DateOptions): string | undefined {
  return options.timeZone ?? undefined;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Building a format costs more than using it: a history page asks for the same few again and again. */
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let known = formats.get(key);
  if (known === undefined) {
    known = new Intl.DateTimeFormat(locale, options);
    formats.set(key, known);
  }
  return known;
}

function wallClock(date: Date, options: DateOptions): WallClock {
  const parts = format('en-US', {
    timeZone: zoneOf(options),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return {
    date,
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
    options,
  };
}

function inZone(value: string | Date, options: DateOptions): WallClock | null {
  // The platform's own parser: "2026-13-45" is not a date.
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return wallClock(date, options);
}

/** The day of the month and the month's name as the language writes them together ("5 Mar", "22 ноября"). */
function dayAndMonth(clock: WallClock, month: 'short' | 'long'): string {
  const locale = clock.options.locale === 'ru' ? 'ru' : 'en-US';
  const parts = format(locale, { timeZone: zoneOf(clock.options), day: 'numeric', month }).formatToParts(clock.date);
  const name = parts.find((part) => part.type === 'month')?.value ?? '';
  return `${Number(clock.day)} ${name}`;
}

function time(clock: WallClock): string {
  return `${clock.hour}:${clock.minute}`;
}

/** YYYY-MM-DD of the clock's calendar day. */
function calendarDay(clock: WallClock): string {
  return `${clock.year}-${clock.month}-${clock.day}`;
}

/** Titles: DD.MM.YYYY HH:mm:ss. */
export function formatTitleDate(value: string | Date, options: DateOptions): string {
  const clock = inZone(value, options);
  if (clock === null) return invalidDate;
  return `${clock.day}.${clock.month}.${clock.year} ${time(clock)}:${clock.second}`;
}

/** D MMM HH:mm in the current year, with the year otherwise (D MMM YYYY HH:mm). */
export function formatShortDate(value: string | Date, options: DateOptions): string {
  const clock = inZone(value, options);
  if (clock === null) return invalidDate;
  const thisYear = clock.year === zonedNow(options).year;
  return `${dayAndMonth(clock, 'short')}${thisYear ? '' : ` ${clock.year}`} ${time(clock)}`;
}

function zonedNow(options: DateOptions): WallClock {
  return wallClock(options.now ?? new Date(), options);
}

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
  const clock = inZone(value, options);
  if (clock === null) return { kind: 'invalid' };
  const day = calendarDay(clock);
  const now = zonedNow(options);
  const today = calendarDay(now);
  // The day before by calendar arithmetic on the date alone, so no clock change in the zone can
  // move it.
  const yesterday = new Date(Date.UTC(Number(now.year), Number(now.month) - 1, Number(now.day) - 1))
    .toISOString()
    .slice(0, 10);
  if (day === today) return { kind: 'today', time: time(clock) };
  if (day === yesterday) return { kind: 'yesterday', time: time(clock) };
  return { kind: 'date', text: formatShortDate(value, options) };
}

/**
 * Large form (spec 000 s.9, "date at time"): "22 November 2026" and "14:05", for the view to
 * join through Lingui. Null for an invalid date (the view then shows `invalidDate`).
 */
export function largeDateParts(value: string | Date, options: DateOptions): { date: string; time: string } | null {
  const clock = inZone(value, options);
  if (clock === null) return null;
  return { date: `${dayAndMonth(clock, 'long')} ${clock.year}`, time: time(clock) };
}
