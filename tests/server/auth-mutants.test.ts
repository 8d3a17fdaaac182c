import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { apiErrorBody } from '../../src/contract/errors';
import { sessions } from '../../src/server/db/schema/users';
import { hashSessionToken, sessionCookieName } from '../../src/server/modules/auth/sessions';
import { expectError } from './helpers/security';
import {
  initData,
  loginWidgetData,
  miniAppFields,
  newTelegramId,
  otherBotToken,
  unixSeconds,
} from './helpers/telegram';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// Sign-in and session behaviour that mutation testing (docs/testing.md) found no test for: the
// texts of the refusals, the Login Widget's per-account limit, a sign-out carrying both
// credentials, and how often a session's last use is written down.

const second = 1000;
const minute = 60 * second;

describe('sign-in refusals say what happened in words', () => {
  const now = new Date();
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    server.setNow(now);
  });
  afterAll(() => server.close());

  const webApp = (authDate: number, botToken?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/webapp',
      payload: { initData: initData(miniAppFields({ id: newTelegramId(), first_name: 'Eve' }, authDate), botToken) },
    });

  it('answers stale data "The Telegram sign-in data has expired; sign in again"', async () => {
    const response = await webApp(unixSeconds(now) - 86_401);

    expect(z.parse(apiErrorBody, response.json())).toMatchObject({
      code: 'stale_auth_data',
      message: 'The Telegram sign-in data has expired; sign in again',
    });
  });

  it('answers data signed for another bot "The Telegram sign-in data is not valid"', async () => {
    const response = await webApp(unixSeconds(now), otherBotToken);

    expect(z.parse(apiErrorBody, response.json())).toMatchObject({
      code: 'invalid_init_data',
      message: 'The Telegram sign-in data is not valid',
    });
  });
});

describe('the Login Widget sign-in limit per account', () => {
  const now = new Date();
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ rateLimits: { sign_in: { perAccount: { limit: 2, windowMs: minute } } } });
    server.setNow(now);
  });
  afterAll(() => server.close());

  const widget = (id: number, address: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/telegram',
      payload: loginWidgetData({ id, first_name: 'Burst', auth_date: unixSeconds(now) }),
      remoteAddress: address,
    });

  it('refuses the third sign-in of one account in the minute, each from its own address, and not another account', async () => {
    const id = newTelegramId();

    expect((await widget(id, '192.0.2.1')).statusCode).toBe(200);
    expect((await widget(id, '192.0.2.2')).statusCode).toBe(200);

    expect(expectError(await widget(id, '192.0.2.3'), 429, 'rate_limited')).toEqual({ seconds: 60 });
    expect((await widget(newTelegramId(), '192.0.2.3')).statusCode).toBe(200);
  });
});

describe('signing out with both a bearer token and the cookie', () => {
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

  it('needs no X-Requested-With, since the Authorization header alone makes the request non-simple, and ends both sessions', async () => {
    const { token: bearer } = await signInTestUser(server.database);
    const { token: cookie } = await signInTestUser(server.database);

    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/logout',
      headers: { authorization: `Bearer ${bearer}` },
      cookies: { [sessionCookieName]: cookie },
    });

    expect(response.statusCode).toBe(200);
    expect(await settingsStatus(bearer)).toBe(401);
    expect(await settingsStatus(cookie)).toBe(401);
  });
});

describe("a session's last use is written at most every five minutes, or a tenth of the idle timeout", () => {
  const signedInAt = new Date('2026-11-01T12:00:00Z');

  async function lastSeenAfterUseAt(server: TestServer, elapsedMs: number): Promise<Date | undefined> {
    const { token } = await signInTestUser(server.database, { now: signedInAt });
    server.setNow(new Date(signedInAt.getTime() + elapsedMs));
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/user/settings',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await server.database.db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSessionToken(token)));
    return row?.lastSeenAt;
  }

  describe('with the default 7-day idle timeout', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer();
    });
    afterAll(() => server.close());

    it('keeps the sign-in time after a use 4 min 59 s or exactly 5 min later', async () => {
      expect(await lastSeenAfterUseAt(server, 4 * minute + 59 * second)).toEqual(signedInAt);
      expect(await lastSeenAfterUseAt(server, 5 * minute)).toEqual(signedInAt);
    });

    it('writes the time of a use 5 min 1 s later', async () => {
      expect(await lastSeenAfterUseAt(server, 5 * minute + second)).toEqual(new Date('2026-11-01T12:05:01Z'));
    });
  });

  describe('with a 10-minute idle timeout', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer({ sessions: { idleTimeoutMs: 10 * minute } });
    });
    afterAll(() => server.close());

    it('keeps the sign-in time after a use exactly 1 min later and writes that of a use 1 min 1 s later', async () => {
      expect(await lastSeenAfterUseAt(server, minute)).toEqual(signedInAt);
      expect(await lastSeenAfterUseAt(server, minute + second)).toEqual(new Date('2026-11-01T12:01:01Z'));
    });
  });
});
