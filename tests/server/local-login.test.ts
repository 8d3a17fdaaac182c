import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { authenticationConfig, sessionTokenHeader } from '../../src/contract/auth';
import { userSettings } from '../../src/contract/settings';
import { users } from '../../src/server/db/schema/users';
import { upsertUser } from '../../src/server/modules/users/service';
import { initDataHash, loginWidgetHash, newTelegramId, testBotId, testBotToken } from './helpers/telegram';
import { createTestServer, type TestServer } from './helpers/test-server';

const origin = 'http://localhost:8080';
const host = 'localhost:8080';
const returnTo = `${origin}/login?next=%2Fwallet`;
const loginQuery = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    bot_id: String(testBotId),
    origin,
    return_to: returnTo,
    request_access: 'write',
    ...overrides,
  }).toString();

describe('GET /api/v1/authentication/config', () => {
  let remote: TestServer;
  let local: TestServer;
  beforeAll(async () => {
    remote = await createTestServer({ telegram: { botUsername: 'kopilka_bot' } });
    local = await createTestServer({ telegram: { localMode: true, botUsername: 'kopilka_local_bot' } });
  });
  afterAll(async () => {
    await remote.close();
    await local.close();
  });

  it('sends people to Telegram’s OAuth page outside local mode', async () => {
    const response = await remote.app.inject({ method: 'GET', url: '/api/v1/authentication/config' });

    expect(z.parse(authenticationConfig, response.json())).toEqual({
      bot_id: testBotId,
      bot_username: 'kopilka_bot',
      login_url: 'https://oauth.telegram.org/auth',
      local_mode: false,
    });
  });

  it('sends people to the local stand-in in local mode', async () => {
    const response = await local.app.inject({ method: 'GET', url: '/api/v1/authentication/config' });

    expect(z.parse(authenticationConfig, response.json())).toEqual({
      bot_id: testBotId,
      bot_username: 'kopilka_local_bot',
      login_url: '/local/telegram-login',
      local_mode: true,
    });
  });
});

describe('the local login page outside local mode', () => {
  let apiOnly: TestServer;
  let withApp: TestServer;
  beforeAll(async () => {
    apiOnly = await createTestServer();
    const appDir = mkdtempSync(join(tmpdir(), 'kopilka-built-'));
    mkdirSync(join(appDir, 'assets'));
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>app</title>kopilka-test-index');
    withApp = await createTestServer({ appDir });
  });
  afterAll(async () => {
    await apiOnly.close();
    await withApp.close();
  });

  it.each([
    ['GET', `/local/telegram-login?${loginQuery()}`],
    ['POST', '/local/telegram-login'],
  ] as const)('does not exist: %s answers 404, never the page and never the app', async (method, url) => {
    for (const server of [apiOnly, withApp]) {
      const response = await server.app.inject({
        method,
        url,
        headers: { host },
        ...(method === 'POST'
          ? {
              payload: `bot_id=${testBotId}&user_id=1`,
              headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
            }
          : {}),
      });

      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('kopilka-test-index');
      expect(response.body).not.toContain('<form');
    }
  });
});

describe('the local login page in local mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ telegram: { localMode: true, botUsername: 'kopilka_local_bot' } });
  });
  afterAll(() => server.close());

  const page = (query: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: `/local/telegram-login?${query}`, headers: { host, ...headers } });
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/local/telegram-login',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ bot_id: String(testBotId), origin, return_to: returnTo, ...fields }).toString(),
    });
  const location = (response: { headers: Record<string, unknown> }): URL => {
    const value = response.headers.location;
    if (typeof value !== 'string') throw new Error('No Location header');
    return new URL(value);
  };
  const signInWith = (payload: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: '/api/v1/authentication/telegram', payload });

  it('renders a self-contained page that lists existing users with their names escaped', async () => {
    const id = newTelegramId();
    await upsertUser(server.database.db, {
      id,
      firstName: '<script>alert(1)</script>',
      lastName: 'O"Neil & Co',
      username: 'evil_name',
    });

    const response = await page(loginQuery());

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; O&quot;Neil &amp; Co');
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain(`name="user_id" value="${id}"`);
    expect(response.body).toContain('Log in to localhost:8080');
    expect(response.body).toContain('@kopilka_local_bot');
    expect(response.body).toContain('prefers-color-scheme:dark');
  });

  it('speaks Russian when the browser prefers Russian', async () => {
    const russian = await page(loginQuery(), { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' });
    const english = await page(loginQuery(), { 'accept-language': 'de-DE,en;q=0.9,ru;q=0.5' });

    expect(russian.body).toContain('Вход на localhost:8080');
    expect(russian.body).toContain('lang="ru"');
    expect(english.body).toContain('Log in to localhost:8080');
  });

  it('carries the request to the form with its values escaped', async () => {
    const sneaky = `${origin}/login?x="><b>`;

    const response = await page(loginQuery({ return_to: sneaky }));

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('value="http://localhost:8080/login?x=&quot;&gt;&lt;b&gt;"');
    expect(response.body).not.toContain('x="><b>');
  });

  it.each([
    ['another bot’s id', { bot_id: '999' }],
    ['an origin that is not this server', { origin: 'https://evil.example', return_to: 'https://evil.example/login' }],
    ['a return address on another site', { return_to: 'https://evil.example/login' }],
    ['a protocol-relative return address', { return_to: '//evil.example/login' }],
    ['a return address on another port', { return_to: 'http://localhost:9999/login' }],
    ['a javascript: return address', { return_to: 'javascript:alert(1)' }],
  ])('refuses %s with a 400 page', async (_case, overrides) => {
    const response = await page(loginQuery(overrides));

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).not.toContain('<form');
  });

  it('refuses a page request without bot_id, origin and return_to', async () => {
    expect((await page('')).statusCode).toBe(400);
  });

  it('creates a test user and returns the hash result (the default) that the real sign-in accepts', async () => {
    const response = await post({
      action: 'create',
      first_name: 'Nina',
      last_name: 'Test',
      username: 'nina_t',
      language: 'ru',
    });

    expect(response.statusCode).toBe(302);
    const url = location(response);
    expect(`${url.origin}${url.pathname}${url.search}`).toBe(returnTo);
    const result = new URLSearchParams(url.hash.slice(1)).get('tgAuthResult') ?? '';
    const data: unknown = JSON.parse(Buffer.from(result, 'base64url').toString('utf8'));
    expect(data).toMatchObject({ first_name: 'Nina', last_name: 'Test', username: 'nina_t' });
    const fields = z.parse(z.record(z.string(), z.union([z.string(), z.number()])), data);
    const { hash, ...signed } = fields;
    expect(hash).toBe(loginWidgetHash(signed, testBotToken));

    const signIn = await signInWith(fields);
    expect(signIn.statusCode).toBe(200);
    expect(z.parse(userSettings, signIn.json())).toMatchObject({ id: fields.id, language: 'ru' });
    expect(signIn.headers[sessionTokenHeader]).toBeTypeOf('string');
  });

  it('returns query parameters when asked, which the real sign-in accepts', async () => {
    const id = newTelegramId();
    await upsertUser(server.database.db, { id, firstName: 'Pavel', username: 'pavel' });

    const response = await post({ user_id: String(id), return_form: 'query' });

    expect(response.statusCode).toBe(302);
    const url = location(response);
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('next')).toBe('/wallet');
    expect(url.searchParams.get('id')).toBe(String(id));
    const fields = Object.fromEntries([...url.searchParams].filter(([key]) => key !== 'next'));
    expect(Object.keys(fields).sort()).toEqual(['auth_date', 'first_name', 'hash', 'id', 'username']);

    const signIn = await signInWith({ ...fields, id: Number(fields.id), auth_date: Number(fields.auth_date) });
    expect(signIn.statusCode).toBe(200);
    expect(z.parse(userSettings, signIn.json()).id).toBe(id);
  });

  it('creates a blocked test user whose settings say so', async () => {
    const response = await post({
      action: 'create',
      first_name: 'Blocked',
      lock: '1',
      ban: '1',
      ban_reason: 'Testing the ban',
    });

    const result = new URLSearchParams(location(response).hash.slice(1)).get('tgAuthResult') ?? '';
    const data: unknown = JSON.parse(Buffer.from(result, 'base64url').toString('utf8'));
    const signIn = await signInWith(z.parse(z.record(z.string(), z.unknown()), data));
    expect(z.parse(userSettings, signIn.json()).compliance).toMatchObject({
      lock: true,
      ban: true,
      ban_reason: 'Testing the ban',
    });
  });

  it.each([
    ['another bot’s id', { bot_id: '999' }],
    ['a return address on another site', { return_to: 'https://evil.example/login' }],
    ['an origin that is not this server', { origin: 'https://evil.example', return_to: 'https://evil.example/' }],
  ])('refuses to sign and redirect for %s', async (_case, overrides) => {
    const response = await post({ action: 'create', first_name: 'Nobody', ...overrides });

    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(await server.database.db.select().from(users).where(eq(users.firstName, 'Nobody'))).toEqual([]);
  });

  it('refuses a form posted from another site', async () => {
    const response = await post({ action: 'create', first_name: 'Cross' }, { origin: 'https://evil.example' });

    expect(response.statusCode).toBe(403);
    expect(response.headers.location).toBeUndefined();
  });

  it('refuses to create a user without a first name, and an unknown user id', async () => {
    expect((await post({ action: 'create', first_name: '  ' })).statusCode).toBe(400);
    expect((await post({ user_id: '4242424242' })).statusCode).toBe(400);
  });

  it('offers each user a mini-app launch link whose init data is signed like Telegram’s', async () => {
    const id = newTelegramId();
    await upsertUser(server.database.db, { id, firstName: 'Mini', username: 'mini_user', language: 'ru' });

    const response = await page(loginQuery());

    const links = [...response.body.matchAll(/href="(\/#[^"]+)"/g)].map(
      (match) => match[1]?.replaceAll('&amp;', '&') ?? '',
    );
    const launch = links
      .map((link) => new URLSearchParams(link.slice(2)))
      .find((params) => (params.get('tgWebAppData') ?? '').includes(String(id)));
    expect(launch?.get('tgWebAppVersion')).toBe('8.0');
    expect(launch?.get('tgWebAppPlatform')).toBe('web');
    expect(JSON.parse(launch?.get('tgWebAppThemeParams') ?? '{}')).toHaveProperty('bg_color');
    const initData = new URLSearchParams(launch?.get('tgWebAppData') ?? '');
    const { hash, ...fields } = Object.fromEntries(initData);
    expect(hash).toBe(initDataHash(fields, testBotToken));
    expect(JSON.parse(fields.user ?? '{}')).toMatchObject({ id, first_name: 'Mini', language_code: 'ru' });

    const signIn = await server.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/webapp',
      payload: { initData: initData.toString() },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
