/**
 * Dates per spec 000 s.9 in the person's time zone: titles, the short form with or without the
 * year, the flex form's Today and Yesterday across midnight (and a daylight-saving change), the
 * large form's date and time, and "Invalid date".
 */
import { describe, expect, it } from 'vitest';
import { flexDate, formatShortDate, formatTitleDate, invalidDate, largeDateParts } from '../../../src/app/lib/dates.ts';

/** 00:30 on 22 November 2026 in Moscow (UTC+3): still the 21st in UTC. */
const justAfterMoscowMidnight = new Date('2026-11-21T21:30:00Z');
const moscow = { locale: 'en', timeZone: 'Europe/Moscow', now: justAfterMoscowMidnight };
const utc = { locale: 'en', timeZone: 'UTC', now: justAfterMoscowMidnight };

describe('titles and the short form', () => {
  it('writes titles as DD.MM.YYYY HH:mm:ss in the zone', () => {
    expect(formatTitleDate('2026-11-21T21:10:05Z', moscow)).toBe('22.11.2026 00:10:05');
    expect(formatTitleDate('2026-11-21T21:10:05Z', utc)).toBe('21.11.2026 21:10:05');
  });

  it('leaves the year out in the current year and writes it otherwise', () => {
    expect(formatShortDate('2026-03-05T09:07:00Z', utc)).toBe('5 Mar 09:07');
    expect(formatShortDate('2025-12-31T23:59:00Z', utc)).toBe('31 Dec 2025 23:59');
  });

  it('counts the current year in the zone, not in UTC', () => {
    const newYearInMoscow = { locale: 'en', timeZone: 'Europe/Moscow', now: new Date('2026-12-31T21:30:00Z') };
    expect(formatShortDate('2026-12-31T20:00:00Z', newYearInMoscow)).toBe('31 Dec 2026 23:00');
  });

  it('writes Russian month names for Russian', () => {
    expect(formatShortDate('2026-03-05T09:07:00Z', { ...utc, locale: 'ru' })).toBe('5 мар. 09:07');
    expect(formatShortDate('2026-06-05T09:07:00Z', { ...utc, locale: 'ru' })).toBe('5 июн. 09:07');
    expect(formatShortDate('2026-05-05T09:07:00Z', { ...utc, locale: 'ru' })).toBe('5 мая 09:07');
  });
});

describe('the flex form', () => {
  it('says Today for a time after midnight of the same day in the zone', () => {
    expect(flexDate('2026-11-21T21:10:00Z', moscow)).toEqual({ kind: 'today', time: '00:10' });
  });

  it('says Yesterday for a time just before that midnight', () => {
    expect(flexDate('2026-11-21T20:50:00Z', moscow)).toEqual({ kind: 'yesterday', time: '23:50' });
  });

  it('calls the same instants today in UTC, where midnight has not come yet', () => {
    expect(flexDate('2026-11-21T21:10:00Z', utc)).toEqual({ kind: 'today', time: '21:10' });
    expect(flexDate('2026-11-21T20:50:00Z', utc)).toEqual({ kind: 'today', time: '20:50' });
  });

  it('writes the short form for the day before yesterday and earlier', () => {
    expect(flexDate('2026-11-20T20:59:00Z', moscow)).toEqual({ kind: 'date', text: '20 Nov 23:59' });
    expect(flexDate('2025-11-21T12:00:00Z', moscow)).toEqual({ kind: 'date', text: '21 Nov 2025 15:00' });
  });

  it('writes the short form for a date in the future', () => {
    expect(flexDate('2026-11-23T09:00:00Z', moscow)).toEqual({ kind: 'date', text: '23 Nov 12:00' });
  });

  it('finds yesterday after the 23-hour spring day', () => {
    // Berlin moved its clocks forward on 29 March 2026. "Now" is 00:30 on the 30th there.
    const berlin = { locale: 'en', timeZone: 'Europe/Berlin', now: new Date('2026-03-29T22:30:00Z') };
    expect(flexDate('2026-03-29T22:10:00Z', berlin)).toEqual({ kind: 'today', time: '00:10' });
    expect(flexDate('2026-03-28T23:30:00Z', berlin)).toEqual({ kind: 'yesterday', time: '00:30' });
    expect(flexDate('2026-03-28T22:30:00Z', berlin)).toEqual({ kind: 'date', text: '28 Mar 23:30' });
  });

  it('does not call today yesterday late on the 25-hour autumn day', () => {
    // Berlin moved its clocks back on 25 October 2026. "Now" is 23:30 on the 25th there.
    const berlin = { locale: 'en', timeZone: 'Europe/Berlin', now: new Date('2026-10-25T22:30:00Z') };
    expect(flexDate('2026-10-24T22:30:00Z', berlin)).toEqual({ kind: 'today', time: '00:30' });
    expect(flexDate('2026-10-24T21:30:00Z', berlin)).toEqual({ kind: 'yesterday', time: '23:30' });
  });

  it('marks an unreadable date invalid', () => {
    expect(flexDate('not a date', moscow)).toEqual({ kind: 'invalid' });
  });
});

describe('the large form', () => {
  it('gives the date with the full month name and the time apart', () => {
    expect(largeDateParts('2026-11-21T21:10:00Z', moscow)).toEqual({ date: '22 November 2026', time: '00:10' });
  });

  it('declines the Russian month', () => {
    expect(largeDateParts('2026-11-21T21:10:00Z', { ...moscow, locale: 'ru' })).toEqual({
      date: '22 ноября 2026',
      time: '00:10',
    });
  });

  it('gives nothing for an unreadable date', () => {
    expect(largeDateParts('2026-13-45', moscow)).toBeNull();
  });
});

describe('an invalid date', () => {
  it('reads Invalid date in every form that writes text', () => {
    expect(invalidDate).toBe('Invalid date');
    expect(formatTitleDate('2026-13-45T00:00:00Z', utc)).toBe('Invalid date');
    expect(formatShortDate('yesterday', utc)).toBe('Invalid date');
    expect(formatTitleDate(new Date(Number.NaN), utc)).toBe('Invalid date');
  });
});
