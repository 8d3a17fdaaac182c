import { describe, expect, it } from 'vitest';
import { verifyInitData } from '../../src/server/integrations/telegram/init-data';
import { verifyLoginWidget } from '../../src/server/integrations/telegram/login-widget';
import { hashMatches, parseAuthDate } from '../../src/server/integrations/telegram/signature';
import { initDataHash, loginWidgetHash, miniAppFields, testBotToken, unixSeconds } from './helpers/telegram';

// Behaviour of Telegram's checks that mutation testing found unpinned (docs/testing.md): what a
// correctly signed Login Widget payload must still satisfy, auth_date's exact shape, and the hash
// comparison on its own. Hashes come from the tests' own copy of Telegram's algorithm.

const now = new Date('2026-11-20T12:00:00Z');
const maxAge = 86_400;
const authDate = unixSeconds(now) - 60;

/** Login Widget data signed over exactly these fields (numbers as their decimal text). */
function signed(fields: Readonly<Record<string, string | number>>) {
  return { ...fields, hash: loginWidgetHash(fields) };
}

describe('Login Widget: correctly signed but unacceptable', () => {
  it.each([
    ['an id of 0', '0'],
    ['a negative id', '-5'],
    ['an id with a leading zero', '042'],
    ['an id with letters after it', '42abc'],
    ['an id with letters before it', 'abc42'],
    ['an id past 2^53', '9007199254740993'],
    ['an id with a fraction', '4.2'],
    ['an id with a trailing space', '42 '],
    ['an id with a trailing newline', '42\n'],
  ])('refuses %s as invalid_user', (_name, id) => {
    const data = signed({ id, first_name: 'Ann', auth_date: authDate });
    expect(verifyLoginWidget(data, testBotToken, now, maxAge)).toEqual({ ok: false, reason: 'invalid_user' });
  });

  it('refuses a missing or empty first_name as invalid_user', () => {
    expect(verifyLoginWidget(signed({ id: 42, auth_date: authDate }), testBotToken, now, maxAge)).toEqual({
      ok: false,
      reason: 'invalid_user',
    });
    expect(
      verifyLoginWidget(signed({ id: 42, first_name: '', auth_date: authDate }), testBotToken, now, maxAge),
    ).toEqual({ ok: false, reason: 'invalid_user' });
  });

  it('refuses an auth_date that is not a plain integer as malformed', () => {
    for (const date of ['soon', `${authDate}x`, `x${authDate}`, `0${authDate}`, '']) {
      const data = signed({ id: 42, first_name: 'Ann', auth_date: date });
      expect(verifyLoginWidget(data, testBotToken, now, maxAge)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('refuses a number that is not a safe integer, or a value of another type, as malformed', () => {
    const base = { id: 42, first_name: 'Ann', auth_date: authDate };
    const hash = loginWidgetHash(base);
    for (const id of [4.5, 2 ** 53, Number.NaN, true, null, { id: 42 }]) {
      expect(verifyLoginWidget({ ...base, id, hash }, testBotToken, now, maxAge)).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('ignores a field whose value is undefined (absent), and answers every optional field received', () => {
    const fields = {
      id: 42,
      first_name: 'Ann',
      last_name: 'Lee',
      username: 'annlee',
      photo_url: 'https://t.me/i/userpic/320/ann.jpg',
      auth_date: authDate,
    };
    expect(verifyLoginWidget({ ...signed(fields), extra: undefined }, testBotToken, now, maxAge)).toEqual({
      ok: true,
      value: {
        id: 42,
        firstName: 'Ann',
        lastName: 'Lee',
        username: 'annlee',
        photoUrl: 'https://t.me/i/userpic/320/ann.jpg',
        authDate,
      },
    });
  });
});

describe('init data: auth_date must be a plain integer', () => {
  it.each(['soon', `${authDate}x`, `x${authDate}`, `0${authDate}`, `${authDate}.5`, `-${authDate}`])(
    'refuses auth_date %s as malformed even when correctly signed',
    (date) => {
      const fields = miniAppFields({ id: 42, first_name: 'Ann' }, authDate, { auth_date: date });
      const raw = new URLSearchParams({ ...fields, hash: initDataHash(fields) }).toString();
      expect(verifyInitData(raw, testBotToken, now, maxAge)).toEqual({ ok: false, reason: 'malformed' });
    },
  );
});

describe('parseAuthDate', () => {
  it('reads 1 to 12 digits without a leading zero, and nothing else', () => {
    expect(parseAuthDate('1732104000')).toBe(1_732_104_000);
    expect(parseAuthDate('1')).toBe(1);
    expect(parseAuthDate('999999999999')).toBe(999_999_999_999);
    for (const text of [undefined, '', '0', '01732104000', '1732104000x', 'x1732104000', '1e9', ' 1732104000']) {
      expect(parseAuthDate(text)).toBeNull();
    }
    expect(parseAuthDate('1000000000000')).toBeNull();
  });
});

describe('hashMatches', () => {
  const expected = 'a'.repeat(64);
  it('is true only for the same 64 lowercase hex characters', () => {
    expect(hashMatches(expected, expected)).toBe(true);
    expect(hashMatches(undefined, expected)).toBe(false);
    expect(hashMatches('A'.repeat(64), expected)).toBe(false);
    expect(hashMatches('a'.repeat(63), expected)).toBe(false);
    expect(hashMatches(`${'a'.repeat(64)}0`, expected)).toBe(false);
    expect(hashMatches(`${'a'.repeat(63)}b`, expected)).toBe(false);
    expect(hashMatches('', expected)).toBe(false);
  });
});
