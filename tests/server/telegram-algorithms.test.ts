import { describe, expect, it } from 'vitest';
import { signInitData, verifyInitData } from '../../src/server/integrations/telegram/init-data';
import { signLoginWidget, verifyLoginWidget } from '../../src/server/integrations/telegram/login-widget';
import {
  initData,
  initDataHash,
  loginWidgetData,
  loginWidgetHash,
  miniAppFields,
  otherBotToken,
  testBotToken,
  unixSeconds,
} from './helpers/telegram';

const maxAge = 86_400;
const now = new Date('2026-09-21T12:00:00Z');
const fresh = unixSeconds(now) - 60;
const user = {
  id: 279058397,
  first_name: 'Vladislav',
  last_name: 'Kibenko',
  username: 'vdkfrost',
  language_code: 'ru',
};

describe('the mini app init data algorithm', () => {
  // Computed once with Python's hmac module, outside Node and outside this code base.
  const goldenUser =
    '{"id":279058397,"first_name":"Vladislav","last_name":"Kibenko","username":"vdkfrost","language_code":"ru","is_premium":true,"allows_write_to_pm":true,"photo_url":"https://t.me/i/userpic/320/abc.svg"}';
  const golden = {
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: goldenUser,
    auth_date: '1790000000',
    signature: '6fbdaab833d39f54518bd5c3eb3f511d035e68cb',
    start_param: 'r-Abc123',
  };
  const goldenHash = '5e7b600a24f03a81078320182d19717895c69b46961fb98f3977dd3937f462e9';

  it('accepts a vector signed outside Node, signature field included in the data-check-string', () => {
    const raw = new URLSearchParams({ ...golden, hash: goldenHash }).toString();

    const verified = verifyInitData(raw, testBotToken, new Date(1_790_000_100_000), maxAge);

    expect(verified).toEqual({
      ok: true,
      value: {
        user: {
          id: 279058397,
          first_name: 'Vladislav',
          last_name: 'Kibenko',
          username: 'vdkfrost',
          language_code: 'ru',
          is_premium: true,
          photo_url: 'https://t.me/i/userpic/320/abc.svg',
        },
        authDate: 1790000000,
        startParam: 'r-Abc123',
      },
    });
  });

  it('signs exactly as Telegram does, so its hash equals the independently computed one', () => {
    const fields = miniAppFields(user, fresh);

    const raw = signInitData(fields, testBotToken);

    expect(new URLSearchParams(raw).get('hash')).toBe(initDataHash(fields));
    expect(initDataHash(golden)).toBe(goldenHash);
  });

  it('decodes the URL-encoded values before checking them', () => {
    const fields = miniAppFields({ id: 42, first_name: 'Анна & Ян = 100% ✓', last_name: 'O’Brien+1' }, fresh);

    const verified = verifyInitData(initData(fields), testBotToken, now, maxAge);

    expect(verified.ok && verified.value.user.first_name).toBe('Анна & Ян = 100% ✓');
  });

  it('refuses data whose signature field was left out of the signed data-check-string', () => {
    const { signature, ...withoutSignature } = miniAppFields(user, fresh);
    const raw = new URLSearchParams({
      ...withoutSignature,
      signature: signature ?? '',
      hash: initDataHash(withoutSignature),
    }).toString();

    expect(verifyInitData(raw, testBotToken, now, maxAge)).toEqual({ ok: false, reason: 'hash_mismatch' });
  });

  it.each([
    ['a tampered user', (raw: URLSearchParams) => raw.set('user', JSON.stringify({ ...user, id: 1 })), 'hash_mismatch'],
    ['a tampered auth_date', (raw: URLSearchParams) => raw.set('auth_date', String(fresh + 1)), 'hash_mismatch'],
    ['an added field', (raw: URLSearchParams) => raw.set('start_param', 'x'), 'hash_mismatch'],
    ['a wrong hash', (raw: URLSearchParams) => raw.set('hash', '0'.repeat(64)), 'hash_mismatch'],
    [
      'an upper-case hash',
      (raw: URLSearchParams) => raw.set('hash', (raw.get('hash') ?? '').toUpperCase()),
      'missing_hash',
    ],
    ['no hash', (raw: URLSearchParams) => raw.delete('hash'), 'missing_hash'],
    ['a repeated field', (raw: URLSearchParams) => raw.append('user', '{}'), 'malformed'],
  ])('refuses %s', (_case, tamper, reason) => {
    const raw = new URLSearchParams(initData(miniAppFields(user, fresh)));
    tamper(raw);

    expect(verifyInitData(raw.toString(), testBotToken, now, maxAge)).toEqual({ ok: false, reason });
  });

  it('refuses data signed for another bot', () => {
    const raw = initData(miniAppFields(user, fresh), otherBotToken);

    expect(verifyInitData(raw, testBotToken, now, maxAge)).toEqual({ ok: false, reason: 'hash_mismatch' });
  });

  it('accepts data exactly at the max age and refuses it one second later', () => {
    const raw = initData(miniAppFields(user, unixSeconds(now) - maxAge));

    expect(verifyInitData(raw, testBotToken, now, maxAge).ok).toBe(true);
    expect(verifyInitData(raw, testBotToken, new Date(now.getTime() + 1000), maxAge)).toEqual({
      ok: false,
      reason: 'stale',
    });
  });

  it('refuses an auth_date more than five minutes in the future', () => {
    const skewed = initData(miniAppFields(user, unixSeconds(now) + 300));
    const future = initData(miniAppFields(user, unixSeconds(now) + 301));

    expect(verifyInitData(skewed, testBotToken, now, maxAge).ok).toBe(true);
    expect(verifyInitData(future, testBotToken, now, maxAge)).toEqual({ ok: false, reason: 'from_future' });
  });

  it.each([
    ['no user', undefined],
    ['a user that is not JSON', '{"id":1,'],
    ['a user without an id', JSON.stringify({ first_name: 'A' })],
    ['a user without a first name', JSON.stringify({ id: 5 })],
    ['a user with a fractional id', JSON.stringify({ id: 1.5, first_name: 'A' })],
  ])('refuses correctly signed data with %s', (_case, userJson) => {
    const fields: Record<string, string> = { auth_date: String(fresh), query_id: 'AAH' };
    if (userJson !== undefined) fields.user = userJson;

    expect(verifyInitData(initData(fields), testBotToken, now, maxAge)).toEqual({ ok: false, reason: 'invalid_user' });
  });

  it('refuses correctly signed data with an auth_date that is not a number', () => {
    const raw = initData({ ...miniAppFields(user, fresh), auth_date: 'soon' });

    expect(verifyInitData(raw, testBotToken, now, maxAge)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('the Login Widget algorithm', () => {
  it('accepts a vector signed outside Node over only the fields present', () => {
    const data = {
      id: 279058397,
      first_name: 'Vladislav',
      username: 'vdkfrost',
      photo_url: 'https://t.me/i/userpic/320/abc.jpg',
      auth_date: 1790000000,
      hash: '65989d953b5ab730315f8fe4a4c0c8fdd965b1cc4f746e6767148d44f5d3e1a4',
    };

    expect(verifyLoginWidget(data, testBotToken, new Date(1_790_000_100_000), maxAge)).toEqual({
      ok: true,
      value: {
        id: 279058397,
        firstName: 'Vladislav',
        lastName: null,
        username: 'vdkfrost',
        photoUrl: 'https://t.me/i/userpic/320/abc.jpg',
        authDate: 1790000000,
      },
    });
  });

  it('signs exactly as Telegram does', () => {
    const fields = { id: 42, first_name: 'Anna', last_name: 'Test', auth_date: fresh };

    expect(signLoginWidget(fields, testBotToken).hash).toBe(loginWidgetHash(fields));
  });

  it('reads numbers and their decimal strings alike, as the query and JSON return forms carry them', () => {
    const data = loginWidgetData({ id: 42, first_name: 'Anna', auth_date: fresh });
    const asStrings = { ...data, id: '42', auth_date: String(fresh) };

    expect(verifyLoginWidget(data, testBotToken, now, maxAge).ok).toBe(true);
    expect(verifyLoginWidget(asStrings, testBotToken, now, maxAge).ok).toBe(true);
  });

  it.each([
    ['a tampered name', { first_name: 'Mallory' }, 'hash_mismatch'],
    ['an added field', { last_name: 'Added' }, 'hash_mismatch'],
    ['a tampered id', { id: 43 }, 'hash_mismatch'],
    ['a wrong hash', { hash: 'f'.repeat(64) }, 'hash_mismatch'],
    ['a hash that is not hex', { hash: 'not-a-hash' }, 'missing_hash'],
    ['a value that is neither text nor an integer', { username: true }, 'malformed'],
  ])('refuses %s', (_case, change, reason) => {
    const data = { ...loginWidgetData({ id: 42, first_name: 'Anna', auth_date: fresh }), ...change };

    expect(verifyLoginWidget(data, testBotToken, now, maxAge)).toEqual({ ok: false, reason });
  });

  it('refuses data signed for another bot', () => {
    const data = loginWidgetData({ id: 42, first_name: 'Anna', auth_date: fresh }, otherBotToken);

    expect(verifyLoginWidget(data, testBotToken, now, maxAge)).toEqual({ ok: false, reason: 'hash_mismatch' });
  });

  it('uses SHA-256 of the token as the key, not the mini app secret', () => {
    const fields = { id: '42', first_name: 'Anna', auth_date: String(fresh) };
    const data = { ...fields, hash: initDataHash(fields) };

    expect(verifyLoginWidget(data, testBotToken, now, maxAge)).toEqual({ ok: false, reason: 'hash_mismatch' });
  });

  it('applies the same freshness rule as init data', () => {
    const stale = loginWidgetData({ id: 42, first_name: 'Anna', auth_date: unixSeconds(now) - maxAge - 1 });
    const future = loginWidgetData({ id: 42, first_name: 'Anna', auth_date: unixSeconds(now) + 3600 });

    expect(verifyLoginWidget(stale, testBotToken, now, maxAge)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyLoginWidget(future, testBotToken, now, maxAge)).toEqual({ ok: false, reason: 'from_future' });
  });
});
