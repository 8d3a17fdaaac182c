import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userSecurity } from '../../src/server/db/schema/security';
import { hashSecret } from '../../src/server/modules/security/hashing';
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
  latestCode,
  ok,
  tokenAnswer,
} from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

/**
 * The next argon2 verification can be held open, so a test can act while it runs: another user's
 * request must go through (PGlite runs one transaction at a time, so a hash inside a transaction
 * would hold everyone), and a change of state meanwhile must be seen when the result is applied.
 */
const gate = vi.hoisted(() => ({ next: null as { entered: () => void; release: Promise<void> } | null }));

vi.mock('../../src/server/modules/security/hashing', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/modules/security/hashing')>();
  return {
    ...actual,
    verifySecret: async (hashed: string, secret: string): Promise<boolean> => {
      const held = gate.next;
      if (held !== null) {
        gate.next = null;
        held.entered();
        await held.release;
      }
      return actual.verifySecret(hashed, secret);
    },
  };
});

function holdNextVerification(): { readonly entered: Promise<void>; readonly release: () => void } {
  let release = () => {};
  let entered = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const enteredPromise = new Promise<void>((resolve) => {
    entered = resolve;
  });
  gate.next = { entered, release: released };
  return { entered: enteredPromise, release };
}

/** The answer's status, or 'still waiting' when it has not come within the time. */
async function statusWithin(pending: Promise<LightMyRequestResponse>, ms: number): Promise<number | 'still waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'still waiting'>((resolve) => {
    timer = setTimeout(() => resolve('still waiting'), ms);
  });
  try {
    return await Promise.race([pending.then((response) => response.statusCode), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const minute = 60_000;

describe('argon2 runs outside database transactions', () => {
  let server: TestServer;
  let bot: FakeBotApi;
  const clock = { now: new Date('2026-11-20T10:00:00Z') };

  beforeAll(async () => {
    bot = fakeBotApi();
    server = await createTestServer({ security: { botApi: bot }, now: clock.now });
  });
  afterAll(() => server.close());

  const verify = (call: Call, code: string) =>
    call('POST', '/security/pass-code/token', { code, transactionType: 'p2p', hash: 'order' });

  const activeUser = async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await activatePassCode(server, call, user.userId, bot, '1234');
    return { ...user, call };
  };

  it('answers another user while a passcode is being verified', async () => {
    const checking = await activeUser();
    const other = caller(server, (await signInTestUser(server.database)).token);
    const held = holdNextVerification();
    const pending = verify(checking.call, '1234');
    await held.entered;

    const read = statusWithin(other('GET', '/security'), 3000);
    const write = statusWithin(other('PUT', '/user/settings', { language: 'ru' }), 3000);
    const answers = [await read, await write];
    held.release();

    expect(answers).toEqual([200, 200]);
    ok(await pending, tokenAnswer);
  });

  it('answers another user while an e-mail code is being verified', async () => {
    const checking = await signInTestUser(server.database);
    const call = caller(server, checking.token);
    const { id } = ok(
      await call('POST', '/user/verify-email', { email: `held${checking.userId}@example.com` }),
      idAnswer,
    );
    const code = await latestCode(server.database, checking.userId);
    const other = caller(server, (await signInTestUser(server.database)).token);
    const held = holdNextVerification();
    const pending = call('POST', '/user/confirm-email', { id, code });
    await held.entered;

    const answer = await statusWithin(other('GET', '/security'), 3000);
    held.release();

    expect(answer).toBe(200);
    expect((await pending).statusCode).toBe(200);
  });

  it('does not confirm with the old passcode when the passcode is replaced during its verification', async () => {
    const { userId, call } = await activeUser();
    const held = holdNextVerification();
    const pending = verify(call, '1234');
    await held.entered;

    await server.database.db
      .update(userSecurity)
      .set({ passCodeHash: await hashSecret('5678') })
      .where(eq(userSecurity.userId, userId));
    held.release();

    expect(expectError(await pending, 403, 'wrong_pass_code')).toEqual({ attemptsLeft: 4 });
    ok(await verify(call, '5678'), tokenAnswer);
  });

  it('refuses a right passcode whose verification overlapped the start of a lockout', async () => {
    const { call } = await activeUser();
    const held = holdNextVerification();
    const pending = verify(call, '1234');
    await held.entered;

    for (let attempt = 1; attempt <= 4; attempt += 1) expectError(await verify(call, '0000'), 403, 'wrong_pass_code');
    expectError(await verify(call, '0000'), 429, 'too_many_attempts');
    held.release();

    expect(expectError(await pending, 429, 'too_many_attempts')).toEqual({ seconds: 60 });
    advance(server, clock, minute);
  });

  it('counts parallel wrong passcodes one by one: 4 answer the guesses left, the 5th and later the lockout', async () => {
    const { call } = await activeUser();

    // Nine, so the right passcode after them stays within the rate limit of 10 checks a minute.
    const answers = await Promise.all(Array.from({ length: 9 }, () => verify(call, '0000')));

    const wrong = answers
      .filter((answer) => answer.statusCode === 403)
      .map((answer) => answer.json().data.attemptsLeft);
    const locked = answers.filter((answer) => answer.statusCode === 429).map((answer) => answer.json());
    expect(wrong.sort()).toEqual([1, 2, 3, 4]);
    expect(locked).toHaveLength(5);
    for (const body of locked) expect(body).toMatchObject({ code: 'too_many_attempts', data: { seconds: 60 } });
    expect(expectError(await verify(call, '1234'), 429, 'too_many_attempts')).toEqual({ seconds: 60 });
    advance(server, clock, minute);
  });

  it('counts parallel wrong e-mail codes one by one, and refuses even the right code after the 5th', async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await confirmBackupEmail(server, call, user.userId);
    advance(server, clock, minute);
    const { id } = ok(await call('POST', '/security/email-code', { transactionType: 'changePassCode' }), idAnswer);
    const code = await latestCode(server.database, user.userId);
    const wrongCode = code === '000000' ? '000001' : '000000';

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/security/email-code/token', { id, code: wrongCode })),
    );

    const wrong = answers
      .filter((answer) => answer.statusCode === 403)
      .map((answer) => answer.json().data.attemptsLeft);
    expect(wrong.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(answers.filter((answer) => answer.statusCode === 404)).toHaveLength(5);
    expectError(await call('POST', '/security/email-code/token', { id, code }), 404, 'code_not_found');
  });
});
