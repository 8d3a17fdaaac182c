import { describe, expect, it } from 'vitest';
import { pickLocale } from '../../../src/app/lib/locale.ts';

describe('the language rule', () => {
  it('picks Russian when the person prefers it', () => {
    expect(pickLocale(['ru-RU', 'en-US'])).toBe('ru');
    expect(pickLocale(['ru'])).toBe('ru');
  });

  it('picks the first supported language in order of preference', () => {
    expect(pickLocale(['de-DE', 'ru', 'en'])).toBe('ru');
    expect(pickLocale(['en-GB', 'ru'])).toBe('en');
  });

  it('falls back to English otherwise', () => {
    expect(pickLocale([])).toBe('en');
    expect(pickLocale(['uk', 'de'])).toBe('en');
  });
});
