import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { sessionTokenHeader, signInAnswer } from '../../src/contract/auth';
import { apiErrorBody } from '../../src/contract/errors';
import { userSettings } from '../../src/contract/settings';
import { user as userSchema } from '../../src/contract/user';
import { sessions, users } from '../../src/server/db/schema/users';
import { sessionCookieName } from '../../src/server/modules/auth/sessions';
import { onlySetCookie } from './helpers/cookies';
import { seedDeposit } from './helpers/ledger';
import {
  initData,
  loginWidgetData,
  miniAppFields,
  newTelegramId,
  otherBotToken,
  unixSeconds,
} from './helpers/telegram';
import { createTestServer, type TestServer } from './helpers/test-server';

const thirtyDaysSeconds = 30 * 24 * 60 * 60;

describe('sign-in with Telegram data', () => {
  // The server's clock and the tests' auth dates read the same instant.
  const now = new Date();
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    server.setNow(now);
  });
  afterAll(() => server.close());

  const nowSeconds = () => unixSeconds(now);
  const webApp = (raw: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: '/api/v1/authentication/webapp', payload: { initData: raw }, headers });
  const telegram = (payload: Record<string, string | number>, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: '/api/v1/authentication/telegram', payload, headers });
  const getWithBearer = (url: string, token: string) =>
    server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const tokenOf = (response: { headers: Record<string, unknown> }): string => {
    const token = response.headers[sessionTokenHeader];
    if (typeof token !== 'string') throw new Error('No session token header');
    return token;
  };
  const rowsFor = async (userId: number) => {
    const [userRows] = await server.database.db.select({ n: count() }).from(users).where(eq(users.id, userId));
    const [sessionRows] = await server.database.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    return { users: userRows?.n, sessions: sessionRows?.n };
  };

  describe('POST /api/v1/authentication/webapp', () => {
    it('creates the user on first sign-in and answers their settings, with the language from language_code', async () => {
      const id = newTelegramId();
      const raw = initData(
        miniAppFields(
          {
            id,
            first_name: 'Анна',
            last_name: 'Петрова',
            username: 'anna_p',
            language_code: 'ru-RU',
            photo_url: 'https://t.me/i/userpic/320/anna.jpg',
          },
          nowSeconds(),
        ),
      );

      const response = await webApp(raw);

      expect(response.statusCode).toBe(200);
      expect(z.parse(userSettings, response.json())).toMatchObject({ id, language: 'ru', local_currency: 'USD' });
      const profile = await getWithBearer('/api/v1/user/profile', tokenOf(response));
      expect(z.parse(userSchema, profile.json())).toEqual({
        id,
        first_name: 'Анна',
        last_name: 'Петрова',
        username: 'anna_p',
        photo_url: { small: 'https://t.me/i/userpic/320/anna.jpg' },
        language: 'ru',
        timezone: null,
      });
    });

    it('updates the names on the next sign-in, keeps the chosen language, and issues a new token while the old one stays valid', async () => {
      const id = newTelegramId();
      const first = await webApp(initData(miniAppFields({ id, first_name: 'Ann', language_code: 'en' }, nowSeconds())));
      const firstToken = tokenOf(first);
      await server.app.inject({
        method: 'PUT',
        url: '/api/v1/user/settings',
        headers: { authorization: `Bearer ${firstToken}` },
        payload: { language: 'ru' },
      });

      const second = await webApp(
        initData(
          miniAppFields(
            { id, first_name: 'Anna', last_name: 'Smith', username: 'anna', language_code: 'en' },
            nowSeconds(),
          ),
        ),
      );

      expect(second.statusCode).toBe(200);
      const secondToken = tokenOf(second);
      expect(secondToken).not.toBe(firstToken);
      expect(z.parse(userSettings, second.json()).language).toBe('ru');
      const profile = z.parse(userSchema, (await getWithBearer('/api/v1/user/profile', secondToken)).json());
      expect(profile).toMatchObject({
        first_name: 'Anna',
        last_name: 'Smith',
        username: 'anna',
        photo_url: { small: null },
      });
      expect((await getWithBearer('/api/v1/user/settings', firstToken)).statusCode).toBe(200);
    });

    it('answers with a 256-bit token in the x-session-token header and the same token in the cookie', async () => {
      const response = await webApp(initData(miniAppFields({ id: newTelegramId(), first_name: 'Tok' }, nowSeconds())));

      const token = tokenOf(response);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(onlySetCookie(response, sessionCookieName).value).toBe(token);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it.each([
      [
        'tampered data',
        (id: number) => {
          const raw = new URLSearchParams(initData(miniAppFields({ id, first_name: 'Eve' }, nowSeconds())));
          raw.set('user', JSON.stringify({ id, first_name: 'Mallory' }));
          return raw.toString();
        },
        'invalid_init_data',
      ],
      [
        'a wrong hash',
        (id: number) => {
          const raw = new URLSearchParams(initData(miniAppFields({ id, first_name: 'Eve' }, nowSeconds())));
          raw.set('hash', 'a'.repeat(64));
          return raw.toString();
        },
        'invalid_init_data',
      ],
      [
        'no hash',
        (id: number) => new URLSearchParams(miniAppFields({ id, first_name: 'Eve' }, nowSeconds())).toString(),
        'invalid_init_data',
      ],
      [
        'data for another bot',
        (id: number) => initData(miniAppFields({ id, first_name: 'Eve' }, nowSeconds()), otherBotToken),
        'invalid_init_data',
      ],
      [
        'stale data',
        (id: number) => initData(miniAppFields({ id, first_name: 'Eve' }, nowSeconds() - 86_401)),
        'stale_auth_data',
      ],
      [
        'data from the future',
        (id: number) => initData(miniAppFields({ id, first_name: 'Eve' }, nowSeconds() + 3600)),
        'stale_auth_data',
      ],
    ])('answers 401 to %s and creates neither user nor session', async (_case, build, code) => {
      const id = newTelegramId();

      const response = await webApp(build(id));

      expect(response.statusCode).toBe(401);
      expect(z.parse(apiErrorBody, response.json()).code).toBe(code);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers[sessionTokenHeader]).toBeUndefined();
      expect(await rowsFor(id)).toEqual({ users: 0, sessions: 0 });
    });

    it('answers the balance with the settings, so the home needs no second request before it shows it', async () => {
      const id = newTelegramId();
      const raw = initData(miniAppFields({ id, first_name: 'Bal' }, nowSeconds()));
      const first = signInAnswer.parse((await webApp(raw)).json());
      expect(first.balance?.total).toEqual({ currency: 'USD', amount: '0' });
      // 2.5 USDT, worth 2.5 USD (8 decimals in the local currency).
      await seedDeposit(server.database.db, {
        userId: id,
        asset: 'USDT',
        network: 'TRX',
        amount: 2_500_000_000_000_000_000n,
      });

      const again = await webApp(raw);

      const answer = signInAnswer.parse(again.json());
      expect(answer).toMatchObject({ id, local_currency: 'USD' });
      expect(answer.balance?.total).toEqual({ currency: 'USD', amount: '250000000' });
      const balance = await getWithBearer('/api/v1/wallet/balance', tokenOf(again));
      expect(answer.balance).toEqual(balance.json());
    });

    it('answers 400 validation_failed without initData', async () => {
      const response = await server.app.inject({ method: 'POST', url: '/api/v1/authentication/webapp', payload: {} });

      expect(response.statusCode).toBe(400);
    });
  });

  describe('POST /api/v1/authentication/telegram', () => {
    it('creates the user from Login Widget data with only some optional fields, and keeps the photo for the profile', async () => {
      const id = newTelegramId();
      const data = loginWidgetData({
        id,
        first_name: 'Boris',
        photo_url: 'https://t.me/i/userpic/320/boris.jpg',
        auth_date: nowSeconds(),
      });

      const response = await telegram(data);

      expect(response.statusCode).toBe(200);
      expect(z.parse(userSettings, response.json())).toMatchObject({ id, language: 'en' });
      const profile = z.parse(userSchema, (await getWithBearer('/api/v1/user/profile', tokenOf(response))).json());
      expect(profile).toMatchObject({
        first_name: 'Boris',
        last_name: null,
        username: null,
        photo_url: { small: 'https://t.me/i/userpic/320/boris.jpg' },
      });
    });

    it('issues a new token on every sign-in', async () => {
      const id = newTelegramId();
      const first = await telegram(loginWidgetData({ id, first_name: 'Vera', auth_date: nowSeconds() }));
      const second = await telegram(
        loginWidgetData({ id, first_name: 'Vera', last_name: 'N', auth_date: nowSeconds() }),
      );

      expect(tokenOf(first)).not.toBe(tokenOf(second));
      expect(await rowsFor(id)).toEqual({ users: 1, sessions: 2 });
    });

    it.each([
      [
        'a tampered name',
        (id: number) => ({
          ...loginWidgetData({ id, first_name: 'Eve', auth_date: nowSeconds() }),
          first_name: 'Mallory',
        }),
        'invalid_login_data',
      ],
      [
        'a dropped optional field',
        (id: number) => {
          const { last_name: _dropped, ...rest } = loginWidgetData({
            id,
            first_name: 'Eve',
            last_name: 'X',
            auth_date: nowSeconds(),
          });
          return rest;
        },
        'invalid_login_data',
      ],
      [
        'a wrong hash',
        (id: number) => ({
          ...loginWidgetData({ id, first_name: 'Eve', auth_date: nowSeconds() }),
          hash: 'b'.repeat(64),
        }),
        'invalid_login_data',
      ],
      [
        'data for another bot',
        (id: number) => loginWidgetData({ id, first_name: 'Eve', auth_date: nowSeconds() }, otherBotToken),
        'invalid_login_data',
      ],
      [
        'stale data',
        (id: number) => loginWidgetData({ id, first_name: 'Eve', auth_date: nowSeconds() - 86_401 }),
        'stale_auth_data',
      ],
      [
        'data from the future',
        (id: number) => loginWidgetData({ id, first_name: 'Eve', auth_date: nowSeconds() + 3600 }),
        'stale_auth_data',
      ],
    ])('answers 401 to %s and creates neither user nor session', async (_case, build, code) => {
      const id = newTelegramId();

      const response = await telegram(build(id));

      expect(response.statusCode).toBe(401);
      expect(z.parse(apiErrorBody, response.json()).code).toBe(code);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await rowsFor(id)).toEqual({ users: 0, sessions: 0 });
    });

    it('answers 400 validation_failed when a required field is missing', async () => {
      const { hash: _hash, ...unsigned } = loginWidgetData({
        id: newTelegramId(),
        first_name: 'Eve',
        auth_date: nowSeconds(),
      });

      expect((await telegram(unsigned)).statusCode).toBe(400);
    });

    it('replaces the session of the cookie the browser already had', async () => {
      const id = newTelegramId();
      const first = await telegram(loginWidgetData({ id, first_name: 'Olga', auth_date: nowSeconds() }));
      const oldToken = tokenOf(first);

      const second = await server.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/telegram',
        payload: loginWidgetData({ id, first_name: 'Olga', auth_date: nowSeconds() }),
        cookies: { [sessionCookieName]: oldToken },
      });

      expect(second.statusCode).toBe(200);
      expect((await getWithBearer('/api/v1/user/settings', oldToken)).statusCode).toBe(401);
      expect((await getWithBearer('/api/v1/user/settings', tokenOf(second))).statusCode).toBe(200);
    });
  });

  describe('the session cookie', () => {
    const signInOn = (headers: Record<string, string>) =>
      webApp(initData(miniAppFields({ id: newTelegramId(), first_name: 'Cookie' }, nowSeconds())), headers);

    it.each(['localhost', 'localhost:8080', '127.0.0.1:5173', '[::1]:8080'])(
      'is HttpOnly, SameSite=Lax, Path=/ with the session max age and no Secure on plain http to %s',
      async (host) => {
        const cookie = onlySetCookie(await signInOn({ host }), sessionCookieName);

        expect([...cookie.attributes.entries()]).toEqual([
          ['Max-Age', String(thirtyDaysSeconds)],
          ['Path', '/'],
          ['HttpOnly', ''],
          ['SameSite', 'Lax'],
        ]);
      },
    );

    it.each(['wallet.example.com', '192.168.1.20:8080', 'localhost.example.com'])(
      'is also Secure on plain http to %s',
      async (host) => {
        const cookie = onlySetCookie(await signInOn({ host }), sessionCookieName);

        expect([...cookie.attributes.entries()]).toEqual([
          ['Max-Age', String(thirtyDaysSeconds)],
          ['Path', '/'],
          ['HttpOnly', ''],
          ['Secure', ''],
          ['SameSite', 'Lax'],
        ]);
      },
    );

    it('ignores X-Forwarded-Proto unless the proxy is trusted', async () => {
      const cookie = onlySetCookie(
        await signInOn({ host: 'localhost', 'x-forwarded-proto': 'https' }),
        sessionCookieName,
      );

      expect(cookie.attributes.has('Secure')).toBe(false);
    });

    it('signs a cookie-authenticated user in for GET /user/settings and /user/profile', async () => {
      const response = await signInOn({ host: 'localhost' });
      const token = onlySetCookie(response, sessionCookieName).value;

      for (const url of ['/api/v1/user/settings', '/api/v1/user/profile']) {
        const answer = await server.app.inject({ method: 'GET', url, cookies: { [sessionCookieName]: token } });
        expect(answer.statusCode).toBe(200);
      }
    });
  });
});

describe('the session cookie behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ trustProxy: true });
  });
  afterAll(() => server.close());

  it('is Secure when the proxy says the browser used https, even for localhost', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/webapp',
      headers: { host: 'localhost', 'x-forwarded-proto': 'https' },
      payload: {
        initData: initData(miniAppFields({ id: newTelegramId(), first_name: 'Proxy' }, unixSeconds(new Date()))),
      },
    });

    expect(onlySetCookie(response, sessionCookieName).attributes.has('Secure')).toBe(true);
  });
});

describe('GET /api/v1/user/profile', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('answers 401 without a session', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/user/profile' });

    expect(response.statusCode).toBe(401);
    expect(z.parse(apiErrorBody, response.json()).code).toBe('unauthorized');
  });
});
