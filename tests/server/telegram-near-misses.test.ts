import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { apiErrorBody } from '../../src/contract/errors';
import { sessions, users } from '../../src/server/db/schema/users';
import { verifyInitData } from '../../src/server/integrations/telegram/init-data';
import { verifyLoginWidget } from '../../src/server/integrations/telegram/login-widget';
import {
  initDataHash,
  loginWidgetHash,
  miniAppFields,
  newTelegramId,
  testBotToken,
  unixSeconds,
} from './helpers/telegram';
import { createTestServer, type TestServer } from './helpers/test-server';

// Near misses of a correct hash. Each must be refused, so that a weakened comparison (a prefix, a
// case-insensitive match, a lenient hex decoder that drops a trailing character, a missing length
// check) fails here. The correct hash is computed by the tests' own copy of Telegram's algorithm.

const now = new Date('2026-11-20T12:00:00Z');
const maxAge = 86_400;

/** Another hex digit in place of the one at `index`. */
function changedAt(hash: string, index: number): string {
  const digit = hash[index] === '0' ? '1' : '0';
  return `${hash.slice(0, index)}${digit}${hash.slice(index + 1)}`;
}

/** The hash with its first letter (a–f) in upper case. */
function firstLetterUpper(hash: string): string {
  const index = hash.search(/[a-f]/);
  return `${hash.slice(0, index)}${hash.charAt(index).toUpperCase()}${hash.slice(index + 1)}`;
}

type Failure = 'hash_mismatch' | 'missing_hash';

/** Each near miss and the reason the verifier must give for it, written by hand. */
function nearMisses(
  hash: string,
): readonly { readonly name: string; readonly hash: string; readonly reason: Failure }[] {
  return [
    { name: 'first character changed', hash: changedAt(hash, 0), reason: 'hash_mismatch' },
    { name: 'ninth character changed (past an 8-character prefix)', hash: changedAt(hash, 8), reason: 'hash_mismatch' },
    { name: 'middle character changed', hash: changedAt(hash, 32), reason: 'hash_mismatch' },
    { name: 'last character changed', hash: changedAt(hash, 63), reason: 'hash_mismatch' },
    { name: 'reversed', hash: [...hash].reverse().join(''), reason: 'hash_mismatch' },
    { name: 'truncated by one character', hash: hash.slice(0, 63), reason: 'missing_hash' },
    { name: 'truncated by two characters (a whole byte)', hash: hash.slice(0, 62), reason: 'missing_hash' },
    { name: 'only its first 8 characters', hash: hash.slice(0, 8), reason: 'missing_hash' },
    { name: 'in upper case', hash: hash.toUpperCase(), reason: 'missing_hash' },
    {
      name: 'its first letter in upper case',
      hash: firstLetterUpper(hash),
      reason: 'missing_hash',
    },
    { name: 'with one extra character', hash: `${hash}0`, reason: 'missing_hash' },
    { name: 'with two extra characters (a whole byte)', hash: `${hash}00`, reason: 'missing_hash' },
    { name: 'with a space after it', hash: `${hash} `, reason: 'missing_hash' },
    { name: 'empty', hash: '', reason: 'missing_hash' },
    { name: 'all zeros', hash: '0'.repeat(64), reason: 'hash_mismatch' },
  ];
}

describe('init data: near misses of the hash', () => {
  const fields = miniAppFields({ id: 42, first_name: 'Ann' }, unixSeconds(now) - 60);
  const hash = initDataHash(fields);
  const raw = (withHash: string) => new URLSearchParams({ ...fields, hash: withHash }).toString();

  it('accepts the exact hash (so the refusals below are about the hash alone)', () => {
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyInitData(raw(hash), testBotToken, now, maxAge)).toMatchObject({
      ok: true,
      value: { user: { id: 42 } },
    });
  });

  it.each(nearMisses(hash))('refuses the hash $name', ({ hash: nearMiss, reason }) => {
    expect(nearMiss).not.toBe(hash);
    expect(verifyInitData(raw(nearMiss), testBotToken, now, maxAge)).toEqual({ ok: false, reason });
  });

  it('refuses data without a hash', () => {
    expect(verifyInitData(new URLSearchParams(fields).toString(), testBotToken, now, maxAge)).toEqual({
      ok: false,
      reason: 'missing_hash',
    });
  });

  it('refuses the Login Widget hash of the same fields (another key derivation)', () => {
    expect(verifyInitData(raw(loginWidgetHash(fields)), testBotToken, now, maxAge)).toEqual({
      ok: false,
      reason: 'hash_mismatch',
    });
  });

  it('refuses the hash when one signed field changes by one character', () => {
    const changed = new URLSearchParams({ ...fields, query_id: `${fields.query_id}x`, hash }).toString();
    expect(verifyInitData(changed, testBotToken, now, maxAge)).toEqual({ ok: false, reason: 'hash_mismatch' });
  });
});

describe('Login Widget: near misses of the hash', () => {
  const fields = { id: 42, first_name: 'Ann', username: 'ann', auth_date: unixSeconds(now) - 60 };
  const hash = loginWidgetHash(fields);

  it('accepts the exact hash (so the refusals below are about the hash alone)', () => {
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyLoginWidget({ ...fields, hash }, testBotToken, now, maxAge)).toMatchObject({
      ok: true,
      value: { id: 42, firstName: 'Ann' },
    });
  });

  it.each(nearMisses(hash))('refuses the hash $name', ({ hash: nearMiss, reason }) => {
    expect(nearMiss).not.toBe(hash);
    expect(verifyLoginWidget({ ...fields, hash: nearMiss }, testBotToken, now, maxAge)).toEqual({ ok: false, reason });
  });

  it('refuses data without a hash', () => {
    expect(verifyLoginWidget(fields, testBotToken, now, maxAge)).toEqual({ ok: false, reason: 'missing_hash' });
  });

  it('refuses the init data hash of the same fields (another key derivation)', () => {
    const text = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)]));
    expect(verifyLoginWidget({ ...fields, hash: initDataHash(text) }, testBotToken, now, maxAge)).toEqual({
      ok: false,
      reason: 'hash_mismatch',
    });
  });

  it('refuses the hash when one signed field changes by one character', () => {
    expect(verifyLoginWidget({ ...fields, username: 'anm', hash }, testBotToken, now, maxAge)).toEqual({
      ok: false,
      reason: 'hash_mismatch',
    });
  });
});

describe('sign-in endpoints: near misses sign nobody in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    server.setNow(now);
  });
  afterAll(() => server.close());

  async function rowsFor(userId: number) {
    const [userRows] = await server.database.db.select({ n: count() }).from(users).where(eq(users.id, userId));
    const [sessionRows] = await server.database.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    return { users: userRows?.n, sessions: sessionRows?.n };
  }

  function expectRefused(
    response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
    status: number,
    code: string,
  ): void {
    expect(response.statusCode).toBe(status);
    expect(z.parse(apiErrorBody, response.json())).toMatchObject({ code });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['x-session-token']).toBeUndefined();
  }

  it('POST /authentication/webapp answers 401 invalid_init_data for every near miss and creates nothing', async () => {
    const id = newTelegramId();
    const fields = miniAppFields({ id, first_name: 'Near' }, unixSeconds(now) - 60);
    const hash = initDataHash(fields);
    for (const nearMiss of nearMisses(hash)) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/webapp',
        payload: { initData: new URLSearchParams({ ...fields, hash: nearMiss.hash }).toString() },
      });
      expectRefused(response, 401, 'invalid_init_data');
    }
    expect(await rowsFor(id)).toEqual({ users: 0, sessions: 0 });

    // The exact hash signs the same person in: the refusals were about the hash.
    const exact = await server.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/webapp',
      payload: { initData: new URLSearchParams({ ...fields, hash }).toString() },
    });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(await rowsFor(id)).toEqual({ users: 1, sessions: 1 });
  });

  it('POST /authentication/telegram answers 401 invalid_login_data (400 when malformed) for every near miss and creates nothing', async () => {
    const id = newTelegramId();
    const fields = { id, first_name: 'Near', auth_date: unixSeconds(now) - 60 };
    const hash = loginWidgetHash(fields);
    for (const nearMiss of nearMisses(hash)) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/telegram',
        payload: { ...fields, hash: nearMiss.hash },
      });
      // The contract already refuses a hash that is not 64 lowercase hex characters (400); a
      // well-formed wrong one reaches the check (401).
      if (nearMiss.reason === 'missing_hash') expectRefused(response, 400, 'validation_failed');
      else expectRefused(response, 401, 'invalid_login_data');
    }
    expect(await rowsFor(id)).toEqual({ users: 0, sessions: 0 });

    const exact = await server.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/telegram',
      payload: { ...fields, hash },
    });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(await rowsFor(id)).toEqual({ users: 1, sessions: 1 });
  });
});
