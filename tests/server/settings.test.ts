import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { apiErrorBody, validationFailedData } from '../../src/contract/errors';
import { type UserSettings, userSettings } from '../../src/contract/settings';
import { sessionCookieName } from '../../src/server/modules/auth/sessions';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const day = 24 * 60 * 60 * 1000;

describe('GET /api/v1/user/settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('answers 401 unauthorized without a session', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/user/settings' });

    expect(response.statusCode).toBe(401);
    expect(z.parse(apiErrorBody, response.json()).code).toBe('unauthorized');
  });

  it('answers the default settings of a signed-in user who sends the session cookie', async () => {
    const { userId, token } = await signInTestUser(server.database);

    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/user/settings',
      cookies: { [sessionCookieName]: token },
    });

    expect(response.statusCode).toBe(200);
    expect(z.parse(userSettings, response.json())).toEqual({
      id: userId,
      language: 'en',
      local_currency: 'USD',
      timezone: null,
      // Neither a P2C merchant nor a verified P2C client: the two permissions a new person lacks,
      // answered as explicit falses.
      permissions: { can_accept_p2c_order: false, can_create_p2c_order: false },
      compliance: { lock: false, ban: false, ban_reason: null, pending_actions_from_user: false, soft_ban_until: null },
      is_tester: false,
      feature_flags: {},
      isEmailConfirmed: false,
      passCode: false,
      email: null,
      biometric: false,
    });
  });

  it('accepts the session token as a bearer token, as the mini app sends it', async () => {
    const { userId, token } = await signInTestUser(server.database);

    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/user/settings',
      headers: { authorization: `Bearer ${token}` },
    });

    expect(response.statusCode).toBe(200);
    expect(z.parse(userSettings, response.json()).id).toBe(userId);
  });

  it('answers 401 for an unknown token', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/user/settings',
      headers: { authorization: 'Bearer not-a-real-session-token' },
    });

    expect(response.statusCode).toBe(401);
  });

  it('answers 401 once the session has expired', async () => {
    const signedInAt = new Date('2026-11-01T12:00:00Z');
    const { token } = await signInTestUser(server.database, { now: signedInAt, lifetimeMs: day });
    const ask = () =>
      server.app.inject({ method: 'GET', url: '/api/v1/user/settings', cookies: { [sessionCookieName]: token } });

    server.setNow(new Date(signedInAt.getTime() + day - 1000));
    expect((await ask()).statusCode).toBe(200);
    server.setNow(new Date(signedInAt.getTime() + day + 1000));
    expect((await ask()).statusCode).toBe(401);
    server.setNow(new Date());
  });
});

describe('PUT /api/v1/user/settings', () => {
  let server: TestServer;
  let token: string;
  const getSettings = async (): Promise<UserSettings> => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/user/settings',
      headers: { authorization: `Bearer ${token}` },
    });
    return z.parse(userSettings, response.json());
  };
  const putSettings = (payload: Record<string, unknown>) =>
    server.app.inject({
      method: 'PUT',
      url: '/api/v1/user/settings',
      headers: { authorization: `Bearer ${token}` },
      payload,
    });

  beforeAll(async () => {
    server = await createTestServer();
    ({ token } = await signInTestUser(server.database));
  });
  afterAll(() => server.close());

  it('merges the fields it is given and keeps the others', async () => {
    const first = await putSettings({ language: 'ru' });
    expect(first.statusCode).toBe(200);
    const second = await putSettings({ local_currency: 'RUB', timezone: 'Asia/Almaty' });
    expect(second.statusCode).toBe(200);

    expect(z.parse(userSettings, second.json())).toMatchObject({
      language: 'ru',
      local_currency: 'RUB',
      timezone: 'Asia/Almaty',
    });
    expect(await getSettings()).toMatchObject({ language: 'ru', local_currency: 'RUB', timezone: 'Asia/Almaty' });
  });

  it('saves Europe/Kiev as Europe/Kyiv', async () => {
    const response = await putSettings({ timezone: 'Europe/Kiev' });

    expect(z.parse(userSettings, response.json()).timezone).toBe('Europe/Kyiv');
    expect((await getSettings()).timezone).toBe('Europe/Kyiv');
  });

  it.each([
    ['an unknown language', { language: 'de' }],
    ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }],
    ['a field users may not change', { is_tester: true }],
    ['a currency outside the catalogue', { local_currency: 'XYZ' }],
    ['a crypto asset as local currency', { local_currency: 'BTC' }],
  ])('rejects %s with 400 validation_failed and changes nothing', async (_case, payload) => {
    const before = await getSettings();

    const response = await putSettings(payload);

    expect(response.statusCode).toBe(400);
    const body = z.parse(apiErrorBody, response.json());
    expect(body.code).toBe('validation_failed');
    expect(z.parse(validationFailedData, body.data).location).toBe('body');
    expect(await getSettings()).toEqual(before);
  });

  it('rejects a body that is not JSON with 400 validation_failed', async () => {
    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/user/settings',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"language":',
    });

    expect(response.statusCode).toBe(400);
    expect(z.parse(apiErrorBody, response.json()).code).toBe('validation_failed');
  });

  it('refuses a cookie-authenticated write with neither a JSON body nor X-Requested-With, as a cross-site form could send', async () => {
    const { token: cookieToken } = await signInTestUser(server.database);

    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/user/settings',
      cookies: { [sessionCookieName]: cookieToken },
    });

    expect(response.statusCode).toBe(403);
    expect(z.parse(apiErrorBody, response.json()).code).toBe('forbidden');
  });

  it('accepts a cookie-authenticated write with a JSON body', async () => {
    const { token: cookieToken } = await signInTestUser(server.database);

    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/user/settings',
      cookies: { [sessionCookieName]: cookieToken },
      payload: { language: 'ru' },
    });

    expect(response.statusCode).toBe(200);
    expect(z.parse(userSettings, response.json()).language).toBe('ru');
  });

  it('answers 401 without a session and changes nothing', async () => {
    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/user/settings',
      payload: { language: 'en' },
    });

    expect(response.statusCode).toBe(401);
  });
});
