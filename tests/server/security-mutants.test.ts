import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSecurity } from '../../src/server/db/schema/security';
import { securityErrors } from '../../src/server/modules/security/errors';
import { outflowsHeldError } from '../../src/server/modules/security/outflow-hold';
import { issueToken } from '../../src/server/modules/security/tokens';
import {
  activatePassCode,
  advance,
  botLink,
  type Call,
  caller,
  confirmBackupEmail,
  expectError,
  type FakeBotApi,
  fakeBotApi,
  mailToken,
  ok,
  openLink,
  resultAnswer,
  tokenAnswer,
} from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// Security behaviour that mutation testing (docs/testing.md) found no test for. The refusals'
// messages are part of every answer ({ code, message, data }) and what a client without its own
// text for a code shows, so each is pinned word for word.

describe('the security refusals', () => {
  it('say what happened in plain words, with their status, code and data', () => {
    expect(securityErrors.wrongPassCode(3)).toMatchObject({
      statusCode: 403,
      code: 'wrong_pass_code',
      message: 'The passcode is wrong',
      data: { attemptsLeft: 3 },
    });
    expect(securityErrors.passCodeNotSet()).toMatchObject({
      statusCode: 404,
      code: 'pass_code_not_set',
      message: 'No passcode is set',
    });
    expect(securityErrors.passCodeAlreadySet()).toMatchObject({
      statusCode: 409,
      code: 'pass_code_already_set',
      message: 'A passcode is already set; change it through recovery',
    });
    expect(securityErrors.tooManyAttempts(60)).toMatchObject({
      statusCode: 429,
      code: 'too_many_attempts',
      message: 'Too many wrong passcodes; try again later',
      data: { seconds: 60 },
    });
    expect(securityErrors.attemptsExhausted()).toMatchObject({
      statusCode: 429,
      code: 'attempts_exhausted',
      message: 'Too many attempts today; try again tomorrow or contact support',
    });
    expect(securityErrors.resendTooSoon(42)).toMatchObject({
      statusCode: 429,
      code: 'resend_too_soon',
      message: 'A code was sent moments ago; wait before asking again',
      data: { seconds: 42 },
    });
    expect(securityErrors.emailNotSet()).toMatchObject({
      statusCode: 404,
      code: 'email_not_set',
      message: 'No confirmed backup e-mail is set',
    });
    expect(securityErrors.emailNotConfirmed()).toMatchObject({
      statusCode: 403,
      code: 'email_not_confirmed',
      message: 'Confirm a backup e-mail before setting a passcode',
    });
    expect(securityErrors.emailInUse()).toMatchObject({
      statusCode: 409,
      code: 'email_in_use',
      message: 'This e-mail belongs to another account',
    });
    expect(securityErrors.emailAlreadyConfirmed()).toMatchObject({
      statusCode: 409,
      code: 'email_already_confirmed',
      message: 'This e-mail is already your confirmed backup e-mail',
    });
    expect(securityErrors.wrongCode(4)).toMatchObject({
      statusCode: 403,
      code: 'wrong_code',
      message: 'The code is wrong',
      data: { attemptsLeft: 4 },
    });
    expect(securityErrors.codeNotFound()).toMatchObject({
      statusCode: 404,
      code: 'code_not_found',
      message: 'The code has expired, was used up or does not exist',
    });
    expect(securityErrors.invalidToken()).toMatchObject({
      statusCode: 403,
      code: 'invalid_token',
      message: 'The confirmation token is invalid, used or expired',
    });
    expect(securityErrors.biometricNotFound()).toMatchObject({
      statusCode: 404,
      code: 'biometric_not_found',
      message: 'Biometrics are not enabled for this device',
    });
    expect(securityErrors.confirmationRequired({ passCode: true, email: false })).toMatchObject({
      statusCode: 403,
      code: 'confirmation_required',
      message: 'Changing a confirmed backup e-mail needs the passcode and a code sent to the current address',
      data: { passCode: true, email: false },
    });
    expect(securityErrors.sessionNotFound()).toMatchObject({
      statusCode: 404,
      code: 'session_not_found',
      message: 'No such session was found',
    });
    expect(securityErrors.botUnavailable()).toMatchObject({
      statusCode: 502,
      code: 'bot_unavailable',
      message: 'The bot could not send the confirmation message; try again',
    });
  });

  it('say when held money may leave, in whole seconds rounded up', () => {
    const until = new Date('2026-11-25T10:00:00.000Z');

    expect(outflowsHeldError(until, new Date('2026-11-25T09:59:58.500Z'))).toMatchObject({
      statusCode: 403,
      code: 'outflows_held',
      message: 'Money cannot leave the account yet: a recent passcode recovery or e-mail change holds it for 24 hours',
      data: { until: '2026-11-25T10:00:00.000Z', seconds: 2 },
    });
  });
});

describe('passcode checks', () => {
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

  async function securityOf(userId: number) {
    const [row] = await server.database.db.select().from(userSecurity).where(eq(userSecurity.userId, userId));
    if (row === undefined) throw new Error(`No security row for ${userId}`);
    return row;
  }

  it('answers pass_code_not_set to a user who never set one, and to one whose passcode still waits for the bot', async () => {
    const fresh = await signInTestUser(server.database);
    const waiting = await signInTestUser(server.database);
    const waitingCall = caller(server, waiting.token);
    await confirmBackupEmail(server, waitingCall, waiting.userId);
    ok(await waitingCall('POST', '/security/pass-code', { code: '1234' }), resultAnswer);

    expectError(await verify(caller(server, fresh.token), '1234'), 404, 'pass_code_not_set');
    expectError(await verify(waitingCall, '1234'), 404, 'pass_code_not_set');
  });

  it('voids the first bot link when the passcode is set again, and answers each setting with result true', async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await confirmBackupEmail(server, call, user.userId);

    expect(ok(await call('POST', '/security/pass-code', { code: '1111' }), resultAnswer)).toEqual({ result: true });
    const firstLink = botLink(bot);
    expect(ok(await call('POST', '/security/pass-code', { code: '2222' }), resultAnswer)).toEqual({ result: true });
    const secondLink = botLink(bot);

    await openLink(server, firstLink);
    expectError(await verify(call, '2222'), 404, 'pass_code_not_set');
    await openLink(server, secondLink);
    ok(await verify(call, '2222'), tokenAnswer);
  });

  it('recovers a passcode still waiting for the bot: answers true, voids the earlier link, links to the public origin', async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await confirmBackupEmail(server, call, user.userId);
    ok(await call('POST', '/security/pass-code', { code: '1111' }), resultAnswer);
    const setLink = botLink(bot);
    advance(server, clock, 61_000);
    const mailConfirmationToken = await mailToken(server, call, user.userId, 'changePassCode');

    const answer = ok(
      await call('POST', '/security/pass-code/recovery', { code: '2222', mailConfirmationToken }),
      resultAnswer,
    );
    const recoveryLink = botLink(bot);

    expect(answer).toEqual({ result: true });
    expect(recoveryLink.startsWith('https://wallet.kopilka.test/confirm/pass-code?token=')).toBe(true);
    await openLink(server, setLink);
    expectError(await verify(call, '2222'), 404, 'pass_code_not_set');
    await openLink(server, recoveryLink);
    ok(await verify(call, '2222'), tokenAnswer);
  });

  it('writes nothing when a right passcode leaves the counters as they were', async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await activatePassCode(server, call, user.userId, bot, '1234');
    const before = await securityOf(user.userId);
    advance(server, clock, 60_000);

    ok(await verify(call, '1234'), tokenAnswer);

    expect(await securityOf(user.userId)).toEqual(before);
  });

  it('clears an ended lock at the next right passcode, then writes nothing at the one after', async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await activatePassCode(server, call, user.userId, bot, '1234');
    for (let attempt = 1; attempt <= 4; attempt += 1) expectError(await verify(call, '0000'), 403, 'wrong_pass_code');
    expectError(await verify(call, '0000'), 429, 'too_many_attempts');
    const lockedAt = clock.now;
    advance(server, clock, 61_000);

    ok(await verify(call, '1234'), tokenAnswer);
    const cleared = await securityOf(user.userId);
    expect(cleared).toMatchObject({ failedAttempts: 0, lockedUntil: null, lockouts: 1, lockoutWindowStart: lockedAt });
    advance(server, clock, 60_000);
    ok(await verify(call, '1234'), tokenAnswer);

    expect(await securityOf(user.userId)).toEqual(cleared);
  });
});

describe('biometrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it("take a confirmation made for the spec's add_biometric as for addBiometric, and answer a removal with result true", async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    const passCodeConfirmationToken = await issueToken(
      server.database.db,
      { userId: user.userId, kind: 'confirmation', transactionType: 'add_biometric' },
      new Date(),
    );

    ok(await call('POST', '/security/biometric', { deviceId: 'device-1', passCodeConfirmationToken }), tokenAnswer);

    expect(ok(await call('DELETE', '/security/biometric?deviceId=device-1'), resultAnswer)).toEqual({ result: true });
  });
});
