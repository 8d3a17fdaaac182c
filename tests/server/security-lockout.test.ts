import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { securityInfo } from '../../src/contract/security';
import {
  activatePassCode,
  advance,
  botLink,
  type Call,
  caller,
  expectError,
  type FakeBotApi,
  fakeBotApi,
  idAnswer,
  latestCode,
  ok,
  openLink,
  resultAnswer,
  tokenAnswer,
} from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const minute = 60_000;
const hour = 60 * minute;

const verify = (call: Call, code: string) =>
  call('POST', '/security/pass-code/token', { code, transactionType: 'p2p', hash: 'order' });

/** Four wrong passcodes answer 403; the fifth starts a lockout and answers its 429. */
async function failFiveTimes(call: Call) {
  for (let attempt = 1; attempt <= 4; attempt += 1) expectError(await verify(call, '0000'), 403, 'wrong_pass_code');
  return verify(call, '0000');
}

describe('the passcode lockout', () => {
  let server: TestServer;
  let bot: FakeBotApi;
  const clock = { now: new Date('2026-11-20T10:00:00Z') };

  beforeAll(async () => {
    bot = fakeBotApi();
    server = await createTestServer({ security: { botApi: bot }, now: clock.now });
  });
  afterAll(() => server.close());

  const activeUser = async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await activatePassCode(server, call, user.userId, bot, '1234');
    return { ...user, call };
  };

  it('locks after 5 wrong passcodes for 60 s, then for 5 min, 15 min and 1 h', async () => {
    const { call } = await activeUser();

    for (const seconds of [60, 300, 900, 3600]) {
      expect(expectError(await failFiveTimes(call), 429, 'too_many_attempts')).toEqual({ seconds });
      // While locked even the right passcode is refused, with the time left.
      advance(server, clock, 10_000);
      expect(expectError(await verify(call, '1234'), 429, 'too_many_attempts')).toEqual({ seconds: seconds - 10 });
      advance(server, clock, seconds * 1000 - 10_000);
    }
  });

  it('stops counting seconds at the fifth lockout of the day and opens again once the day is over', async () => {
    const { call } = await activeUser();
    const firstLockoutAt = clock.now.getTime();
    for (const seconds of [60, 300, 900, 3600]) {
      expectError(await failFiveTimes(call), 429, 'too_many_attempts');
      advance(server, clock, seconds * 1000);
    }

    expect(expectError(await failFiveTimes(call), 429, 'attempts_exhausted')).toBeUndefined();
    advance(server, clock, 6 * hour);
    expect(expectError(await verify(call, '1234'), 429, 'attempts_exhausted')).toBeUndefined();
    expect(z.parse(securityInfo, (await call('GET', '/security')).json())).toMatchObject({
      lockSeconds: null,
      attemptsExhausted: true,
    });

    advance(server, clock, firstLockoutAt + 24 * hour - clock.now.getTime());
    ok(await verify(call, '1234'), tokenAnswer);
  });

  it('resets the run of failures after a right passcode', async () => {
    const { call } = await activeUser();
    for (let attempt = 1; attempt <= 4; attempt += 1) expectError(await verify(call, '0000'), 403, 'wrong_pass_code');

    ok(await verify(call, '1234'), tokenAnswer);

    expect(expectError(await verify(call, '0000'), 403, 'wrong_pass_code')).toEqual({ attemptsLeft: 4 });
  });

  it('reports the lock in the security info so a reload can resume the countdown', async () => {
    const { call } = await activeUser();
    await failFiveTimes(call);
    advance(server, clock, 15_000);

    expect(z.parse(securityInfo, (await call('GET', '/security')).json())).toMatchObject({
      lockSeconds: 45,
      attemptsExhausted: false,
    });
    advance(server, clock, 45_000);
  });

  it('locks only the user who failed, and only their passcode checks', async () => {
    const victim = await activeUser();
    const other = await activeUser();
    await failFiveTimes(victim.call);

    ok(await verify(other.call, '1234'), tokenAnswer);
    expect((await victim.call('GET', '/user/settings')).statusCode).toBe(200);
    advance(server, clock, minute);
    ok(await victim.call('POST', '/security/email-code', { transactionType: 'changePassCode' }), idAnswer);
  });

  it('is cleared by resetting the passcode through e-mail', async () => {
    const { userId, call } = await activeUser();
    advance(server, clock, minute);
    await failFiveTimes(call);

    const { id } = ok(await call('POST', '/security/email-code', { transactionType: 'changePassCode' }), idAnswer);
    const code = await latestCode(server.database, userId);
    const { token } = ok(await call('POST', '/security/email-code/token', { id, code }), tokenAnswer);
    ok(
      await call('POST', '/security/pass-code/recovery', { code: '8642', mailConfirmationToken: token }),
      resultAnswer,
    );
    expect((await openLink(server, botLink(bot))).statusCode).toBe(200);

    ok(await verify(call, '8642'), tokenAnswer);
    expectError(await verify(call, '1234'), 403, 'wrong_pass_code');
  });
});

describe('the passcode lockout across a restart', () => {
  it('survives a server rebuilt on the same database', async () => {
    const bot = fakeBotApi();
    const clock = { now: new Date('2026-11-20T10:00:00Z') };
    const first = await createTestServer({ security: { botApi: bot }, now: clock.now });
    const user = await signInTestUser(first.database);
    await activatePassCode(first, caller(first, user.token), user.userId, bot);
    expectError(await failFiveTimes(caller(first, user.token)), 429, 'too_many_attempts');
    await first.app.close();

    const second = await createTestServer({ database: first.database, security: { botApi: bot }, now: clock.now });
    try {
      expect(expectError(await verify(caller(second, user.token), '1234'), 429, 'too_many_attempts')).toEqual({
        seconds: 60,
      });
    } finally {
      await second.close();
      await first.close();
    }
  });
});
