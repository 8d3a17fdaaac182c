import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { success } from '../../src/contract/auth';
import { apiErrorBody } from '../../src/contract/errors';
import { sessions } from '../../src/server/db/schema/users';
import { sessionCookieName } from '../../src/server/modules/auth/sessions';
import { onlySetCookie } from './helpers/cookies';
import { initData, miniAppFields, newTelegramId, unixSeconds } from './helpers/telegram';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const minute = 60 * 1000;
const hour = 60 * minute;
const day = 24 * hour;

describe('POST /api/v1/authentication/logout', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  const settingsStatus = async (token: string) =>
    (
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/user/settings',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;
  const sessionRows = async (userId: number) =>
    (await server.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

  it('ends a cookie session for real when the request carries X-Requested-With, and clears the cookie', async () => {
    const { userId, token } = await signInTestUser(server.database);

    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/logout',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      cookies: { [sessionCookieName]: token },
    });

    expect(response.statusCode).toBe(200);
    expect(z.parse(success, response.json())).toEqual({ success: true });
    const cookie = onlySetCookie(response, sessionCookieName);
    expect(cookie.value).toBe('');
    expect([...cookie.attributes.entries()]).toEqual([
      ['Max-Age', '0'],
      ['Path', '/'],
      ['HttpOnly', ''],
      ['SameSite', 'Lax'],
    ]);
    expect(await settingsStatus(token)).toBe(401);
    expect(await sessionRows(userId)).toBe(0);
  });

  it('clears the cookie with Secure where the session cookie was Secure', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/logout',
      headers: { host: 'wallet.example.com', 'x-requested-with': 'XMLHttpRequest' },
    });

    expect(onlySetCookie(response, sessionCookieName).attributes.has('Secure')).toBe(true);
  });

  it('ends a bearer session for real', async () => {
    const { token } = await signInTestUser(server.database);

    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/logout',
      headers: { authorization: `Bearer ${token}` },
    });

    expect(response.statusCode).toBe(200);
    expect(await settingsStatus(token)).toBe(401);
  });

  it('ends only the session it was given, not the same user’s other sessions', async () => {
    const { token } = await signInTestUser(server.database);
    const { token: otherDevice } = await signInTestUser(server.database);

    await server.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/logout',
      headers: { authorization: `Bearer ${token}` },
    });

    expect(await settingsStatus(otherDevice)).toBe(200);
  });

  it('refuses a cookie logout without the non-simple header, as a cross-site form could send, and keeps the session', async () => {
    const { token } = await signInTestUser(server.database);

    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/logout',
      cookies: { [sessionCookieName]: token },
    });

    expect(response.statusCode).toBe(403);
    expect(z.parse(apiErrorBody, response.json()).code).toBe('forbidden');
    expect(await settingsStatus(token)).toBe(200);
  });

  it('answers success and clears the cookie even when there was no session', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/authentication/logout' });

    expect(response.statusCode).toBe(200);
    expect(z.parse(success, response.json())).toEqual({ success: true });
    expect(onlySetCookie(response, sessionCookieName).attributes.get('Max-Age')).toBe('0');
  });

  it('answers success for an unknown token', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/logout',
      headers: { authorization: 'Bearer no-such-token' },
    });

    expect(response.statusCode).toBe(200);
  });
});

describe('session expiry', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ sessions: { idleTimeoutMs: 2 * hour, maxAgeMs: day } });
  });
  afterAll(() => server.close());

  const signedInAt = new Date('2026-11-01T12:00:00Z');
  const at = (offsetMs: number) => server.setNow(new Date(signedInAt.getTime() + offsetMs));
  const settingsStatus = async (token: string) =>
    (
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/user/settings',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;

  it('ends a session left unused for longer than the idle timeout', async () => {
    const { token } = await signInTestUser(server.database, { now: signedInAt, lifetimeMs: day });

    at(2 * hour - minute);
    expect(await settingsStatus(token)).toBe(200);
    at(2 * hour - minute + 2 * hour + minute);
    expect(await settingsStatus(token)).toBe(401);
  });

  it('keeps a session that is used within the idle timeout alive past it', async () => {
    const { token } = await signInTestUser(server.database, { now: signedInAt, lifetimeMs: day });

    for (const elapsed of [hour + 30 * minute, 3 * hour, 4 * hour + 30 * minute, 6 * hour]) {
      at(elapsed);
      expect(await settingsStatus(token)).toBe(200);
    }
  });

  it('ends a session at its absolute expiry however actively it is used', async () => {
    const { token } = await signInTestUser(server.database, { now: signedInAt, lifetimeMs: day });

    for (let elapsed = hour; elapsed < day; elapsed += hour) {
      at(elapsed);
      expect(await settingsStatus(token)).toBe(200);
    }
    at(day);
    expect(await settingsStatus(token)).toBe(401);
  });

  it('sweeps the user’s expired sessions when they sign in again', async () => {
    const id = newTelegramId();
    const signInAt = async (offsetMs: number) => {
      at(offsetMs);
      const authDate = unixSeconds(new Date(signedInAt.getTime() + offsetMs));
      const payload = { initData: initData(miniAppFields({ id, first_name: 'Sweep' }, authDate)) };
      const response = await server.app.inject({ method: 'POST', url: '/api/v1/authentication/webapp', payload });
      expect(response.statusCode).toBe(200);
    };

    await signInAt(0);
    await signInAt(hour + 30 * minute);
    await signInAt(3 * hour + minute);

    // The first session idled out and is gone; the second is still within its idle timeout.
    expect(await server.database.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(2);
  });
});
