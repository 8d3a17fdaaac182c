import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationFlow, verificationOverview, verificationStep } from '../../src/contract/verification';
import { verifiedPhones } from '../../src/server/db/schema/verification';
import { verifyContact } from '../../src/server/integrations/telegram/contact';
import { sessionCookieName } from '../../src/server/modules/auth/sessions';
import { type Call, caller, expectError, ok } from './helpers/security';
import { initData, otherBotToken, testBotToken, unixSeconds } from './helpers/telegram';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';
import { contactResponse } from './helpers/verification';

describe('PHONE_NUMBER from the mini app (POST /verification/phone)', () => {
  let server: TestServer;
  const now = new Date('2026-11-01T12:00:00Z');

  beforeAll(async () => {
    server = await createTestServer({ now });
  });
  afterAll(() => server.close());

  async function signedIn(): Promise<{ send: Call; userId: number }> {
    const { userId, token } = await signInTestUser(server.database);
    return { send: caller(server, token), userId };
  }

  async function storedPhone(userId: number): Promise<string | null> {
    const [row] = await server.database.db.select().from(verifiedPhones).where(eq(verifiedPhones.userId, userId));
    return row?.phoneNumber ?? null;
  }

  async function phoneStep(send: Call) {
    return ok(await send('GET', '/verification-flow/basic'), verificationFlow).steps[0];
  }

  it('completes the step with the person’s own contact, signed by our bot, and shows the number masked', async () => {
    const { send, userId } = await signedIn();

    const step = ok(
      await send('POST', '/verification/phone', {
        response: contactResponse({ userId, phone: '4915123456789' }, { at: now }),
      }),
      verificationStep,
    );

    expect(step).toEqual({
      type: 'PHONE_NUMBER',
      status: 'completed',
      result: 'OK',
      reason: null,
      updated_at: '2026-11-01T12:00:00.000Z',
    });
    expect(ok(await send('GET', '/verification'), verificationOverview).phone).toBe('+•••••••••6789');
    expect(await storedPhone(userId)).toBe('+4915123456789');
    const [row] = await server.database.db.select().from(verifiedPhones).where(eq(verifiedPhones.userId, userId));
    expect(row?.source).toBe('mini_app');
  });

  it('refuses a contact whose hash has one character changed', async () => {
    const { send, userId } = await signedIn();
    const signed = new URLSearchParams(contactResponse({ userId, phone: '+4915123456789' }, { at: now }));
    const hash = signed.get('hash') ?? '';
    signed.set('hash', `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`);

    expectError(await send('POST', '/verification/phone', { response: signed.toString() }), 403, 'contact_invalid');

    expect(await storedPhone(userId)).toBeNull();
    expect((await phoneStep(send))?.status).toBe('not_started');
  });

  it('refuses a contact with another phone number than the one signed', async () => {
    const { send, userId } = await signedIn();
    const signed = new URLSearchParams(contactResponse({ userId, phone: '+4915123456789' }, { at: now }));
    signed.set('contact', JSON.stringify({ user_id: userId, phone_number: '+4915100000000', first_name: 'Alice' }));

    expectError(await send('POST', '/verification/phone', { response: signed.toString() }), 403, 'contact_invalid');
    expect(await storedPhone(userId)).toBeNull();
  });

  it('refuses a contact signed with another bot’s token', async () => {
    const { send, userId } = await signedIn();
    const response = contactResponse({ userId, phone: '+4915123456789' }, { at: now, botToken: otherBotToken });

    expectError(await send('POST', '/verification/phone', { response }), 403, 'contact_invalid');
    expect(await storedPhone(userId)).toBeNull();
  });

  it('refuses someone else’s contact, correctly signed', async () => {
    const { send, userId } = await signedIn();
    const response = contactResponse({ userId: userId + 1, phone: '+4915123456789' }, { at: now });

    expectError(await send('POST', '/verification/phone', { response }), 403, 'contact_invalid');
    expect(await storedPhone(userId)).toBeNull();
  });

  it('accepts a contact signed exactly a day ago and refuses one a second older', async () => {
    const { send, userId } = await signedIn();
    const dayAgo = new Date(now.getTime() - 86_400_000);

    expectError(
      await send('POST', '/verification/phone', {
        response: contactResponse({ userId, phone: '+4915123456789' }, { at: new Date(dayAgo.getTime() - 1000) }),
      }),
      403,
      'contact_invalid',
    );
    ok(
      await send('POST', '/verification/phone', {
        response: contactResponse({ userId, phone: '+4915123456789' }, { at: dayAgo }),
      }),
      verificationStep,
    );
  });

  it('refuses signed init data that carries no contact', async () => {
    const { send, userId } = await signedIn();
    const response = initData({
      user: JSON.stringify({ id: userId, first_name: 'Alice' }),
      auth_date: String(unixSeconds(now)),
    });

    expectError(await send('POST', '/verification/phone', { response }), 403, 'contact_invalid');
  });

  it('refuses a signed contact whose number is not a phone number', async () => {
    const { send, userId } = await signedIn();

    expectError(
      await send('POST', '/verification/phone', {
        response: contactResponse({ userId, phone: 'call me' }, { at: now }),
      }),
      403,
      'contact_invalid',
    );
  });

  it('answers 409 once the number is verified, keeping the first one', async () => {
    const { send, userId } = await signedIn();
    ok(
      await send('POST', '/verification/phone', {
        response: contactResponse({ userId, phone: '+4915123456789' }, { at: now }),
      }),
      verificationStep,
    );

    expectError(
      await send('POST', '/verification/phone', {
        response: contactResponse({ userId, phone: '+4915100000000' }, { at: now }),
      }),
      409,
      'step_unavailable',
    );
    expect(await storedPhone(userId)).toBe('+4915123456789');
  });

  it.each([
    ['an unknown field', { response: 'contact=1', source: 'bot' }],
    ['an empty response', { response: '' }],
    ['no response', {}],
    ['a response that is not text', { response: 42 }],
  ])('refuses %s with 400', async (_name, body) => {
    const { send } = await signedIn();

    expectError(await send('POST', '/verification/phone', body), 400, 'validation_failed');
  });

  it('answers 401 without a session', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/verification/phone',
      payload: { response: 'x' },
    });

    expectError(response, 401, 'unauthorized');
  });

  it('stops a burst of attempts with 429 after 20 in ten minutes', async () => {
    const { send, userId } = await signedIn();
    const forged = contactResponse({ userId, phone: '+4915123456789' }, { at: now, botToken: otherBotToken });
    for (let attempt = 0; attempt < 20; attempt++) {
      expectError(await send('POST', '/verification/phone', { response: forged }), 403, 'contact_invalid');
    }

    expectError(await send('POST', '/verification/phone', { response: forged }), 429, 'rate_limited');
  });
});

describe('verifyContact', () => {
  const now = new Date('2026-11-01T12:00:00Z');
  const signed = (fields: Record<string, string>) =>
    initData({ auth_date: String(unixSeconds(now)), ...fields }, testBotToken);

  it('answers the contact’s account, number and signing time', () => {
    const raw = contactResponse({ userId: 42, phone: '79001234567' }, { at: now });

    expect(verifyContact(raw, testBotToken, now, 86_400)).toEqual({
      ok: true,
      value: { userId: 42, phoneNumber: '79001234567', authDate: unixSeconds(now) },
    });
  });

  it.each([
    ['no contact', {}],
    ['a contact that is not JSON', { contact: '{user_id:42' }],
    ['a contact without a user id', { contact: JSON.stringify({ phone_number: '79001234567' }) }],
    ['a contact without a number', { contact: JSON.stringify({ user_id: 42 }) }],
  ])('refuses signed data with %s as invalid_user', (_name, fields) => {
    expect(verifyContact(signed(fields), testBotToken, now, 86_400)).toEqual({ ok: false, reason: 'invalid_user' });
  });

  it('refuses another bot’s signature as hash_mismatch', () => {
    const raw = contactResponse({ userId: 42, phone: '79001234567' }, { at: now, botToken: otherBotToken });

    expect(verifyContact(raw, testBotToken, now, 86_400)).toEqual({ ok: false, reason: 'hash_mismatch' });
  });
});

describe('PHONE_NUMBER through the bot: the local stand-in /local/verification/phone', () => {
  let local: TestServer;
  let remote: TestServer;
  const host = 'localhost:8080';
  const origin = 'http://localhost:8080';

  beforeAll(async () => {
    local = await createTestServer({ telegram: { localMode: true, botUsername: 'kopilka_local_bot' } });
    remote = await createTestServer();
  });
  afterAll(async () => {
    await local.close();
    await remote.close();
  });

  function share(token: string | null, phone: string, headers: Record<string, string> = {}) {
    return local.app.inject({
      method: 'POST',
      url: '/local/verification/phone',
      headers: {
        host,
        origin,
        'content-type': 'application/x-www-form-urlencoded',
        ...(token === null ? {} : { cookie: `${sessionCookieName}=${token}` }),
        ...headers,
      },
      payload: new URLSearchParams({ phone_number: phone }).toString(),
    });
  }

  it('shows the signed-in person the bot to share the number with, on a page that runs no script', async () => {
    const { token } = await signInTestUser(local.database);

    const response = await local.app.inject({
      method: 'GET',
      url: '/local/verification/phone',
      headers: { host, cookie: `${sessionCookieName}=${token}` },
    });

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Share your phone number with @kopilka_local_bot');
    expect(response.body).toContain('name="phone_number"');
    expect(response.body).not.toContain('<script');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('speaks Russian to a Russian browser', async () => {
    const { token } = await signInTestUser(local.database);

    const response = await local.app.inject({
      method: 'GET',
      url: '/local/verification/phone',
      headers: { host, cookie: `${sessionCookieName}=${token}`, 'accept-language': 'ru-RU,ru;q=0.9' },
    });

    expect(response.body).toContain('Отправьте номер телефона боту @kopilka_local_bot');
  });

  it('records the shared number as the bot would and completes the step', async () => {
    const { userId, token } = await signInTestUser(local.database);

    const response = await share(token, '+44 20 7946 0000');

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Phone number shared');
    const [row] = await local.database.db.select().from(verifiedPhones).where(eq(verifiedPhones.userId, userId));
    expect(row).toMatchObject({ phoneNumber: '+442079460000', source: 'bot' });
    const overview = ok(await caller(local, token)('GET', '/verification'), verificationOverview);
    expect(overview.phone).toBe('+••••••••0000');
  });

  it('asks to sign in first when there is no session', async () => {
    const page = await local.app.inject({ method: 'GET', url: '/local/verification/phone', headers: { host } });
    const post = await share(null, '+44 20 7946 0000');

    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('Sign in first');
    expect(post.statusCode).toBe(401);
  });

  it('refuses a post from another site and a number that is not one, recording nothing', async () => {
    const { userId, token } = await signInTestUser(local.database);

    expect((await share(token, '+44 20 7946 0000', { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await share(token, '12')).statusCode).toBe(400);
    const rows = await local.database.db.select().from(verifiedPhones).where(eq(verifiedPhones.userId, userId));
    expect(rows).toEqual([]);
  });

  it('does not exist outside local mode', async () => {
    const { token } = await signInTestUser(remote.database);

    const response = await remote.app.inject({
      method: 'GET',
      url: '/local/verification/phone',
      headers: { cookie: `${sessionCookieName}=${token}` },
    });

    expect(response.statusCode).toBe(404);
  });
});
