import { describe, expect, it } from 'vitest';
import { formatShortDate, formatTitleDate } from '../../../src/app/lib/dates.ts';

const now = new Date('2026-06-01T12:00:00Z');

describe('dates (spec 000 s.9)', () => {
  it('writes D MMM HH:mm in the current year and adds the year otherwise, in the given zone', () => {
    expect(formatShortDate('2026-03-12T11:30:00Z', { locale: 'en', timeZone: 'Europe/Moscow', now })).toBe(
      '12 Mar 14:30',
    );
    expect(formatShortDate('2027-01-05T08:05:00Z', { locale: 'en', timeZone: 'UTC', now })).toBe('5 Jan 2027 08:05');
  });

  it('uses Russian month names for a Russian reader', () => {
    expect(formatShortDate('2026-03-12T11:30:00Z', { locale: 'ru', timeZone: 'Europe/Moscow', now })).toBe(
      '12 мар. 14:30',
    );
    expect(formatShortDate('2025-05-09T10:00:00Z', { locale: 'ru', timeZone: 'Europe/Kyiv', now })).toBe(
      '9 мая 2025 13:00',
    );
  });

  it('writes titles as DD.MM.YYYY HH:mm:ss', () => {
    expect(formatTitleDate('2026-03-12T11:30:05Z', { locale: 'en', timeZone: 'Asia/Kolkata' })).toBe(
      '12.03.2026 17:00:05',
    );
  });

  it('says "Invalid date" for a date that is not one', () => {
    expect(formatShortDate('not a date', { locale: 'en', now })).toBe('Invalid date');
    expect(formatTitleDate('2026-13-45', { locale: 'ru' })).toBe('Invalid date');
  });
});
