import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { personalDataAnswer } from '../../src/contract/verification';
import { sessionCookieName } from '../../src/server/modules/auth/sessions';
import { caller, expectError, ok } from './helpers/security';
import { initData, unixSeconds } from './helpers/telegram';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';
import { adultForm, contactResponse, sharePhone } from './helpers/verification';

// Verification's endpoints attacked from outside: the phone contact and the personal-data form.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ rateLimits: { verification_submit: {} } });
});
afterAll(() => server.close());

const issuesData = z.object({ issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])) })) });

/** The fields a validation_failed answer names. */
function refusedFields(data: unknown): string[] {
  return z.parse(issuesData, data).issues.map((issue) => issue.path.join('.'));
}

async function personWithPhoneAndToken() {
  const { userId, token } = await signInTestUser(server.database);
  const send = caller(server, token);
  await sharePhone(send, userId, new Date());
  return { userId, send, token };
}

async function personWithPhone() {
  const { userId, send } = await personWithPhoneAndToken();
  return { userId, send };
}

describe('the phone contact, tampered with', () => {
  it('refuses a contact with a repeated field, an upper-case hash, half a hash or a user id as text', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const send = caller(server, token);
    const now = new Date();
    const genuine = contactResponse({ userId, phone: '+49 151 2345 6789' }, { at: now });
    const hash = /hash=([0-9a-f]{64})/.exec(genuine)?.[1] ?? '';
    const tampered = [
      `${genuine}&auth_date=${unixSeconds(now)}`,
      genuine.replace(hash, hash.toUpperCase()),
      genuine.replace(hash, hash.slice(0, 32)),
      initData({
        contact: JSON.stringify({ user_id: String(userId), phone_number: '+491511111111' }),
        auth_date: String(unixSeconds(now)),
      }),
    ];

    for (const response of tampered) {
      expectError(await send('POST', '/verification/phone', { response }), 403, 'contact_invalid');
    }
    const overview = await send('GET', '/verification');
    expect(overview.json()).toMatchObject({ phone: null });
  });
});

describe('personal data with hidden characters', () => {
  it.each([
    { field: 'first_name', value: '\u202Egnp.exe', kind: 'a right-to-left override' },
    { field: 'last_name', value: '\u200B', kind: 'only a zero-width space' },
    { field: 'first_name', value: 'Al\nice', kind: 'a line break' },
    { field: 'last_name', value: '1234', kind: 'no letter at all' },
    { field: 'middle_name', value: 'Mar\u00ADia', kind: 'a soft hyphen' },
    { field: 'city', value: 'Ber\u2066lin', kind: 'a bidi isolate' },
    { field: 'address', value: 'Unter den Linden\u0007 1', kind: 'a bell character' },
  ])('refuses a $field with $kind with 400 naming the field, and keeps nothing', async ({ field, value }) => {
    const { send } = await personWithPhone();

    const response = await send('POST', '/verification/personal-data', { ...adultForm, [field]: value });

    expect(refusedFields(expectError(response, 400, 'validation_failed'))).toContain(field);
    const stored = ok(await send('GET', '/verification/personal-data'), personalDataAnswer);
    expect(stored).toEqual({ data: null, result: null });
  });

  it('accepts names with combining accents, Cyrillic, and the ZWNJ Persian names are written with', async () => {
    const { send } = await personWithPhone();

    const response = await send('POST', '/verification/personal-data', {
      ...adultForm,
      first_name: 'Ame\u0301lie',
      middle_name: 'Иванович',
      last_name: 'Mi\u200Cr',
    });

    expect(response.statusCode).toBe(200);
    const stored = ok(await send('GET', '/verification/personal-data'), personalDataAnswer);
    expect(stored.data).toMatchObject({ first_name: 'Ame\u0301lie', middle_name: 'Иванович', last_name: 'Mi\u200Cr' });
  });

  it('refuses 30 February, a date with a time and a date before 1900 with 400', async () => {
    const { send } = await personWithPhone();

    for (const date of ['2000-02-30', '1990-05-17T00:00:00Z', '1899-12-31', '0000-01-01']) {
      const response = await send('POST', '/verification/personal-data', { ...adultForm, date_of_birth: date });
      expect(refusedFields(expectError(response, 400, 'validation_failed'))).toEqual(['date_of_birth']);
    }
  });
});

describe('a leap-day birthday at 18', () => {
  it('is under 18 on 28 February of the 18th year and of age on 1 March', async () => {
    const { send } = await personWithPhone();
    const leapling = { ...adultForm, date_of_birth: '2008-02-29' };

    server.setNow(new Date('2026-02-28T23:59:59Z'));
    const dayBefore = await send('POST', '/verification/personal-data', leapling);
    server.setNow(new Date('2026-03-01T00:00:00Z'));
    const firstOfMarch = await send('POST', '/verification/personal-data', leapling);
    server.setNow(new Date());

    expect(expectError(dayBefore, 422, 'personal_data_refused')).toEqual({ result: 'UNDER_18' });
    expect(firstOfMarch.json()).toMatchObject({ type: 'BASIC', status: 'completed', result: 'OK' });
  });
});

describe('malformed personal-data requests', () => {
  it('answers every one with a 4xx and its code, never a 5xx', async () => {
    const { userId, token } = await signInTestUser(server.database);
    await sharePhone(caller(server, token), userId, new Date());
    const post = (contentType: string, payload: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/verification/personal-data',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        payload,
      });

    const answers = [
      await post('application/json', '{'),
      await post('application/json', 'null'),
      await post('application/json', '[]'),
      await post('application/json', JSON.stringify({ ...adultForm, first_name: 'A'.repeat(2 * 1024 * 1024) })),
      await post('application/json', JSON.stringify({ ...adultForm, first_name: 7 })),
      await post('application/json', `{"__proto__":{"is_admin":true},${JSON.stringify(adultForm).slice(1)}`),
      await post('text/plain', JSON.stringify(adultForm)),
      await post('application/x-www-form-urlencoded', new URLSearchParams(adultForm).toString()),
    ];

    expect(answers.map((answer) => [answer.statusCode, answer.json<{ code: string }>().code])).toEqual([
      [400, 'validation_failed'],
      [400, 'validation_failed'],
      [400, 'validation_failed'],
      [413, 'payload_too_large'],
      [400, 'validation_failed'],
      [400, 'validation_failed'],
      [400, 'validation_failed'],
      [415, 'unsupported_media_type'],
    ]);
  });
});

describe('personal data behind a disguised URL (web cache deception)', () => {
  it.each([
    '/%61pi/v1/verification/personal-data',
    '/api/v1/verification/%70ersonal-data',
    '/%61pi/v1/user/compliance',
  ])('%s is answered no-store, so no shared cache keeps it', async (url) => {
    const { send, token } = await personWithPhoneAndToken();
    ok(await send('POST', '/verification/personal-data', { ...adultForm }), z.unknown());

    // A link the person is lured to follows with their cookie (SameSite=Lax lets top-level GETs through).
    const response = await server.app.inject({ method: 'GET', url, cookies: { [sessionCookieName]: token } });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^(no-store|private, no-cache)$/);
  });
});
