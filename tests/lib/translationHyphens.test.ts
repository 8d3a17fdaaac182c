import { describe, expect, it } from 'vitest';
import { breakableHyphenatedWords, translationProblems } from '../../scripts/check-translations.ts';

describe('Russian words joined by a hyphen', () => {
  it('finds a plain hyphen between letters, Cyrillic or Latin', () => {
    expect(breakableHyphenatedWords('Задайте код-пароль и отсканируйте QR-код')).toEqual(['код-пароль', 'QR-код']);
  });

  it('accepts the non-breaking hyphen, dashes and hyphens beside digits or spaces', () => {
    expect(breakableHyphenatedWords('код\u2011пароль — 24-часовой, 1-2, a - b')).toEqual([]);
  });

  it('is a translation problem that names the word and the message', () => {
    const english = [{ context: '', id: 'Set a passcode', translation: '' }];
    const russian = [{ context: '', id: 'Set a passcode', translation: 'Задайте код-пароль' }];
    expect(translationProblems(english, russian)).toEqual([
      'Russian joins код-пароль with a plain hyphen (use U+2011 \u2011): Set a passcode',
    ]);
  });
});
