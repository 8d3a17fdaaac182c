import { count, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import * as z from 'zod/mini';
import { securityInfo, transactionTypes } from '../../src/contract/security';
import { emailCodes, outbox, rateLimits } from '../../src/server/db/schema/security';
import { sessions } from '../../src/server/db/schema/users';
import { addressSubject } from '../../src/server/http/rate-limit';
import { generateDepositAddress } from '../../src/server/integrations/chain/addresses';
import { createSession } from '../../src/server/modules/auth/sessions';
import {
  activatePassCode,
  advance,
  type Call,
  caller,
  confirmBackupEmail,
  expectError,
  type FakeBotApi,
  fakeBotApi,
  idAnswer,
  ok,
  tokenAnswer,
} from './helpers/security';
import { initData, loginWidgetData, miniAppFields, newTelegramId, unixSeconds } from './helpers/telegram';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const minute = 60_000;
const hour = 60 * minute;
const waitData = z.object({ seconds: z.number() });

/** Statuses, and the 429s' codes and seconds, of a batch of answers. */
function tally(responses: readonly LightMyRequestResponse[]) {
  const ok200 = responses.filter((response) => response.statusCode === 200);
  const refused = responses
    .filter((response) => response.statusCode !== 200)
    .map((response) => {
      const body = z.parse(z.object({ code: z.string(), data: waitData }), response.json());
      return { status: response.statusCode, code: body.code, seconds: body.data.seconds };
    });
  return { ok: ok200.length, refused };
}

async function codesOf(server: TestServer, userId: number) {
  const [stored] = await server.database.db
    .select({ n: count() })
    .from(emailCodes)
    .where(eq(emailCodes.userId, userId));
  const [mailed] = await server.database.db.select({ n: count() }).from(outbox).where(eq(outbox.userId, userId));
  return { stored: stored?.n, mailed: mailed?.n };
}

describe('one e-mail code per 60 s under any concurrency', () => {
  let server: TestServer;
  let bot: FakeBotApi;
  const clock = { now: new Date('2026-11-20T10:00:00Z') };

  beforeAll(async () => {
    bot = fakeBotApi();
    server = await createTestServer({ security: { botApi: bot }, now: clock.now });
  });
  afterAll(() => server.close());

  it('sends one code for 50 parallel send-email-code calls of one account; the other 49 are 429 with seconds', async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await confirmBackupEmail(server, call, user.userId);
    advance(server, clock, minute);
    const before = await codesOf(server, user.userId);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/security/email-code', { transactionType: 'changePassCode' })),
    );

    const { ok: sent, refused } = tally(answers);
    expect(sent).toBe(1);
    expect(refused).toHaveLength(49);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(['resend_too_soon', 'rate_limited']).toContain(answer.code);
      expect(answer.seconds).toBeGreaterThan(0);
    }
    // The 60 s rule answers the wait until the one code's minute is over.
    expect(refused.filter((answer) => answer.code === 'resend_too_soon').map((answer) => answer.seconds)).toContain(60);
    const after = await codesOf(server, user.userId);
    expect({
      stored: Number(after.stored) - Number(before.stored),
      mailed: Number(after.mailed) - Number(before.mailed),
    }).toEqual({ stored: 1, mailed: 1 });
  });

  it('sends one code for 50 parallel verify-email calls of one account', async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call('POST', '/user/verify-email', { email: `burst${index}@example.com` }),
      ),
    );

    const { ok: sent, refused } = tally(answers);
    expect(sent).toBe(1);
    expect(refused.every((answer) => answer.status === 429 && answer.seconds > 0)).toBe(true);
    expect(await codesOf(server, user.userId)).toEqual({ stored: 1, mailed: 1 });
  });

  it('sends one code for 50 parallel sends spread over every transaction type', async () => {
    // A server of its own: the 100 sends an hour per address (all of these tests are 127.0.0.1)
    // must not run out before this account's rules are what refuse.
    const server = await createTestServer({ security: { botApi: bot }, now: clock.now });
    onTestFinished(() => server.close());
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await confirmBackupEmail(server, call, user.userId);
    advance(server, clock, minute);
    const before = await codesOf(server, user.userId);

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call('POST', '/security/email-code', { transactionType: transactionTypes[index % transactionTypes.length] }),
      ),
    );

    // The 60 s wait is one per account, whatever the purpose: the burst mails exactly one code.
    const { ok: sent, refused } = tally(answers);
    expect(sent).toBe(1);
    expect(refused).toHaveLength(49);
    expect(refused.every((answer) => answer.status === 429 && answer.seconds > 0)).toBe(true);
    const after = await codesOf(server, user.userId);
    expect({
      stored: Number(after.stored) - Number(before.stored),
      mailed: Number(after.mailed) - Number(before.mailed),
    }).toEqual({ stored: 1, mailed: 1 });
  });

  it('lets an e-mail change that shows its passcode token mail the current address at once; a bare send waits', async () => {
    const server = await createTestServer({ security: { botApi: bot }, now: clock.now });
    onTestFinished(() => server.close());
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await activatePassCode(server, call, user.userId, bot, '2468');
    advance(server, clock, minute);
    // Another code a moment ago (the person just recovered something, say).
    ok(await call('POST', '/security/email-code', { transactionType: 'changePassCode' }), idAnswer);

    const bare = await call('POST', '/security/email-code', { transactionType: 'change_email' });
    const forged = await call('POST', '/security/email-code', {
      transactionType: 'change_email',
      passCodeConfirmationToken: 'A'.repeat(43),
    });
    const { token } = ok(
      await call('POST', '/security/pass-code/token', { code: '2468', transactionType: 'change_email', hash: 'x' }),
      tokenAnswer,
    );
    const otherType = await call('POST', '/security/email-code', {
      transactionType: 'withdraw',
      passCodeConfirmationToken: token,
    });
    const authorised = await call('POST', '/security/email-code', {
      transactionType: 'change_email',
      passCodeConfirmationToken: token,
    });
    const again = await call('POST', '/security/email-code', {
      transactionType: 'change_email',
      passCodeConfirmationToken: token,
    });

    expectError(bare, 429, 'resend_too_soon');
    expectError(forged, 429, 'resend_too_soon');
    expectError(otherType, 429, 'resend_too_soon');
    ok(authorised, idAnswer);
    // Its own window is one code per 60 s as well.
    expectError(again, 429, 'resend_too_soon');
  });

  it('holds across two server instances on one database, and opens again when the 60 s are over', async () => {
    // Only the 60 s rule: the per-account send limit is lifted, so every refusal here is that rule's.
    const first = await createTestServer({ security: { botApi: bot }, now: clock.now, rateLimits: { email_code: {} } });
    const second = await createTestServer({
      database: first.database,
      security: { botApi: bot },
      now: clock.now,
      rateLimits: { email_code: {} },
    });
    try {
      const user = await signInTestUser(first.database);
      const onFirst = caller(first, user.token);
      const onSecond = caller(second, user.token);

      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          (index % 2 === 0 ? onFirst : onSecond)('POST', '/user/verify-email', { email: `twice${index}@example.com` }),
        ),
      );

      const { ok: sent, refused } = tally(answers);
      expect(sent).toBe(1);
      expect(refused).toHaveLength(49);
      expect(new Set(refused.map((answer) => `${answer.status} ${answer.code} ${answer.seconds}`))).toEqual(
        new Set(['429 resend_too_soon 60']),
      );

      const later = new Date(clock.now.getTime() + 59_000);
      second.setNow(later);
      expect(
        expectError(
          await onSecond('POST', '/user/verify-email', { email: 'late@example.com' }),
          429,
          'resend_too_soon',
        ),
      ).toEqual({
        seconds: 1,
      });
      first.setNow(new Date(clock.now.getTime() + minute));
      ok(await onFirst('POST', '/user/verify-email', { email: 'late@example.com' }), idAnswer);
      expect(await codesOf(first, user.userId)).toEqual({ stored: 2, mailed: 2 });
    } finally {
      await second.app.close();
      await first.close();
    }
  });
});

describe('sign-in limits', () => {
  const now = new Date();
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    server.setNow(now);
  });
  afterAll(() => server.close());

  const webApp = (target: TestServer, id: number, address: string) =>
    target.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/webapp',
      payload: { initData: initData(miniAppFields({ id, first_name: 'Burst' }, unixSeconds(now))) },
      remoteAddress: address,
    });
  const widget = (payload: Record<string, string | number>, address: string) =>
    server.app.inject({ method: 'POST', url: '/api/v1/authentication/telegram', payload, remoteAddress: address });
  const hitsOf = async (key: string) => {
    const [row] = await server.database.db
      .select({ hits: rateLimits.hits })
      .from(rateLimits)
      .where(eq(rateLimits.key, key));
    return row?.hits;
  };
  const existing = async (keys: readonly string[]) =>
    (
      await server.database.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(inArray(rateLimits.key, [...keys]))
    )
      .map((row) => row.key)
      .sort();
  const sessionsOf = async (userId: number) => {
    const [row] = await server.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
    return row?.n;
  };

  it('lets 30 of 50 parallel sign-ins of one account through (each from its own address), the rest 429 with seconds', async () => {
    const id = newTelegramId();

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => webApp(server, id, `192.0.2.${index + 1}`)),
    );

    const { ok: signedIn, refused } = tally(answers);
    expect(signedIn).toBe(30);
    expect(refused).toHaveLength(20);
    expect(new Set(refused.map((answer) => `${answer.status} ${answer.code} ${answer.seconds}`))).toEqual(
      new Set(['429 rate_limited 60']),
    );
    expect(await sessionsOf(id)).toBe(30);

    // Another account from the same addresses is not held back by this one.
    expect((await webApp(server, newTelegramId(), '192.0.2.1')).statusCode).toBe(200);
  });

  it('opens again once the window is over', async () => {
    const id = newTelegramId();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await webApp(server, id, `192.0.2.${100 + attempt}`)).statusCode).toBe(200);
    }
    server.setNow(new Date(now.getTime() + 30_000));
    expect(expectError(await webApp(server, id, '192.0.2.200'), 429, 'rate_limited')).toEqual({ seconds: 30 });

    server.setNow(new Date(now.getTime() + minute));
    expect((await webApp(server, id, '192.0.2.200')).statusCode).toBe(200);
    server.setNow(now);
  });

  it('counts every attempt from one address, refused ones too: the 121st in a minute is 429, another address still signs in', async () => {
    const address = '198.51.100.7';
    const fields = { id: newTelegramId(), first_name: 'Mallory', auth_date: unixSeconds(now) };
    const forged = { ...fields, hash: '0'.repeat(64) };
    for (let attempt = 0; attempt < 120; attempt += 1) {
      expectError(await widget(forged, address), 401, 'invalid_login_data');
    }

    expect(expectError(await widget(loginWidgetData(fields), address), 429, 'rate_limited')).toEqual({ seconds: 60 });
    expect(expectError(await webApp(server, newTelegramId(), address), 429, 'rate_limited')).toEqual({ seconds: 60 });
    expect((await widget(loginWidgetData(fields), '198.51.100.8')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    const fields = { id: newTelegramId(), first_name: 'Six', auth_date: unixSeconds(now) };
    const forged = { ...fields, hash: '0'.repeat(64) };
    for (let attempt = 0; attempt < 120; attempt += 1) {
      expectError(await widget(forged, `2001:db8:7:8::${(attempt + 1).toString(16)}`), 401, 'invalid_login_data');
    }

    expectError(await widget(loginWidgetData(fields), '2001:db8:7:8:ffff:1:2:3'), 429, 'rate_limited');
    expect((await widget(loginWidgetData(fields), '2001:db8:7:9::1')).statusCode).toBe(200);
  });

  it('shares the counters between two server instances on one database', async () => {
    const second = await createTestServer({ database: server.database });
    second.setNow(now);
    try {
      const id = newTelegramId();
      for (let attempt = 0; attempt < 30; attempt += 1) {
        const target = attempt % 2 === 0 ? server : second;
        expect((await webApp(target, id, `203.0.113.${attempt + 1}`)).statusCode).toBe(200);
      }
      expectError(await webApp(second, id, '203.0.113.100'), 429, 'rate_limited');
      expectError(await webApp(server, id, '203.0.113.101'), 429, 'rate_limited');
    } finally {
      await second.app.close();
    }
  });

  it('answers a counter it has seen over its limit from memory, without another write, until its window ends', async () => {
    const id = newTelegramId();
    const key = `sign_in:user:${id}`;
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await webApp(server, id, `203.0.113.${attempt + 1}`)).statusCode).toBe(200);
    }
    expectError(await webApp(server, id, '203.0.113.200'), 429, 'rate_limited');
    expect(await hitsOf(key)).toBe(31);

    server.setNow(new Date(now.getTime() + 59_500));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(expectError(await webApp(server, id, '203.0.113.201'), 429, 'rate_limited')).toEqual({ seconds: 1 });
    }
    expect(await hitsOf(key)).toBe(31);

    server.setNow(new Date(now.getTime() + minute));
    expect((await webApp(server, id, '203.0.113.202')).statusCode).toBe(200);
    expect(await hitsOf(key)).toBe(1);
    server.setNow(now);
  });

  it('deletes expired counters at most every 10 minutes of its clock', async () => {
    const gone = newTelegramId();
    expect((await webApp(server, gone, '203.0.113.210')).statusCode).toBe(200);
    const start = now.getTime();
    const oldKeys = [`sign_in:user:${gone}`, 'sign_in:ip:203.0.113.210'];
    // Counters opened before the last clean-up; the next one comes 10 minutes after it.
    server.setNow(new Date(start + 11 * minute));
    expect((await webApp(server, newTelegramId(), '203.0.113.211')).statusCode).toBe(200);
    expect(await existing(oldKeys)).toEqual([]);

    const later = newTelegramId();
    server.setNow(new Date(start + 13 * minute));
    expect((await webApp(server, later, '203.0.113.212')).statusCode).toBe(200);
    server.setNow(new Date(start + 15 * minute));
    expect((await webApp(server, newTelegramId(), '203.0.113.213')).statusCode).toBe(200);
    // Expired, but the last clean-up was only 4 minutes ago.
    expect(await existing([`sign_in:user:${later}`])).toEqual([`sign_in:user:${later}`]);
    server.setNow(now);
  });
});

describe('limits on passcode, biometric and address checks', () => {
  let server: TestServer;
  let bot: FakeBotApi;
  const clock = { now: new Date('2026-11-20T10:00:00Z') };

  beforeAll(async () => {
    bot = fakeBotApi();
    server = await createTestServer({ security: { botApi: bot }, now: clock.now });
  });
  afterAll(() => server.close());

  const check = (call: Call, code: string, transactionType = 'p2p') =>
    call('POST', '/security/pass-code/token', { code, transactionType, hash: 'order' });

  it('refuses the 11th passcode check in a minute, right passcode or not, without touching the lockout', async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await activatePassCode(server, call, user.userId, bot, '1234');

    for (let attempt = 0; attempt < 10; attempt += 1) ok(await check(call, '1234'), tokenAnswer);
    expect(expectError(await check(call, '1234'), 429, 'rate_limited')).toEqual({ seconds: 60 });
    expect(z.parse(securityInfo, (await call('GET', '/security')).json())).toMatchObject({
      lockSeconds: null,
      attemptsExhausted: false,
    });

    advance(server, clock, minute);
    ok(await check(call, '1234'), tokenAnswer);
    // A wrong passcode after the wait still counts from a clean run: the rate limit is not the lockout.
    expect(expectError(await check(call, '0000'), 403, 'wrong_pass_code')).toEqual({ attemptsLeft: 4 });
  });

  it('refuses the next passcode checks of an account over its limit from memory, before its session is looked up', async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await activatePassCode(server, call, user.userId, bot, '1234');
    for (let attempt = 0; attempt < 10; attempt += 1) ok(await check(call, '1234'), tokenAnswer);
    expectError(await check(call, '1234'), 429, 'rate_limited');

    // With the session gone, a lookup would answer 401: a 429 proves the flood costs no database work.
    await server.database.db.delete(sessions).where(eq(sessions.userId, user.userId));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(expectError(await check(call, '1234'), 429, 'rate_limited')).toEqual({ seconds: 60 });
    }
    advance(server, clock, minute);
    expectError(await check(call, '1234'), 401, 'unauthorized');
  });

  it('counts a second session of an account over its limit against the same account', async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await activatePassCode(server, call, user.userId, bot, '1234');
    for (let attempt = 0; attempt < 10; attempt += 1) ok(await check(call, '1234'), tokenAnswer);
    const other = await createSession(server.database.db, user.userId);
    expect(expectError(await check(caller(server, other.token), '1234'), 429, 'rate_limited')).toEqual({
      seconds: 60,
    });
  });

  it('refuses the 21st biometric check in a minute', async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await activatePassCode(server, call, user.userId, bot, '1234');
    const { token: confirmation } = ok(await check(call, '1234', 'addBiometric'), tokenAnswer);
    const { token } = ok(
      await call('POST', '/security/biometric', { deviceId: 'phone', passCodeConfirmationToken: confirmation }),
      tokenAnswer,
    );
    const biometric = () =>
      call('POST', '/security/biometric/token', { deviceId: 'phone', token, transactionType: 'p2p', hash: 'order' });

    for (let attempt = 0; attempt < 20; attempt += 1) ok(await biometric(), tokenAnswer);
    expect(expectError(await biometric(), 429, 'rate_limited')).toEqual({ seconds: 60 });
    advance(server, clock, minute);
    ok(await biometric(), tokenAnswer);
  });

  it('refuses the 61st address check in a minute for one account', async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    const address = generateDepositAddress('TRX');
    const checkAddress = () =>
      call('POST', '/wallet/withdrawal/check-address', { asset: 'USDT', network: 'TRX', address });

    const answers = await Promise.all(Array.from({ length: 61 }, checkAddress));

    const { ok: checked, refused } = tally(answers);
    expect(checked).toBe(60);
    expect(refused).toEqual([{ status: 429, code: 'rate_limited', seconds: 60 }]);
    advance(server, clock, minute);
    expect((await checkAddress()).statusCode).toBe(200);
  });

  it('limits code sends per account over the hour, beyond the 60 s rule', async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await confirmBackupEmail(server, call, user.userId);
    for (let sent = 1; sent < 10; sent += 1) {
      advance(server, clock, minute);
      ok(await call('POST', '/security/email-code', { transactionType: 'changePassCode' }), idAnswer);
    }

    advance(server, clock, minute);
    const seconds = expectError(
      await call('POST', '/security/email-code', { transactionType: 'changePassCode' }),
      429,
      'rate_limited',
    );
    expect(seconds).toEqual({ seconds: (hour - 10 * minute) / 1000 });
  });
});

describe('an address over its limit', () => {
  let server: TestServer;
  const now = new Date('2026-11-20T10:00:00Z');

  beforeAll(async () => {
    server = await createTestServer({
      now,
      rateLimits: { pass_code_token: { perAddress: { limit: 2, windowMs: minute } } },
    });
  });
  afterAll(() => server.close());

  const check = (token: string, remoteAddress: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/security/pass-code/token',
      remoteAddress,
      headers: { authorization: `Bearer ${token}` },
      payload: { code: '1234', transactionType: 'p2p', hash: 'order' },
    });

  it('is refused before any session is looked up, signed in or not; another address is not', async () => {
    const user = await signInTestUser(server.database);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await check(user.token, '198.51.100.7')).statusCode).not.toBe(429);
    }
    expectError(await check(user.token, '198.51.100.7'), 429, 'rate_limited');

    expect(expectError(await check('not-a-session', '198.51.100.7'), 429, 'rate_limited')).toEqual({ seconds: 60 });
    expectError(await check('not-a-session', '198.51.100.8'), 401, 'unauthorized');
  });
});

describe('the counter subject of an address', () => {
  it('is an IPv4 address itself, also when mapped into IPv6, and an IPv6 address by its /64', () => {
    expect(addressSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressSubject('::1')).toBe('0:0:0:0::/64');
    expect(addressSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps anything that is not an address as it is', () => {
    for (const text of [
      'not-an-address',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '2001:db8::zzzz',
      '1:2:3:4:5:6:7',
      '::ffff:1.2.3',
    ]) {
      expect(addressSubject(text)).toBe(text);
    }
    expect(addressSubject('1:2:3:4:5:6:7::')).toBe('1:2:3:4::/64');
    expect(addressSubject('::')).toBe('0:0:0:0::/64');
    expect(addressSubject('1::2:3:4:5:6')).toBe('1:0:0:2::/64');
    for (const text of ['1:2:3:4::5:6:7:8', '2001:db8::ffff:1.2.3.4', '::ffff:1.2.3.4:5']) {
      expect(addressSubject(text)).toBe(text);
    }
  });
});
