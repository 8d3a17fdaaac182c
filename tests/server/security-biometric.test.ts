import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { securityInfo } from '../../src/contract/security';
import { userSettings } from '../../src/contract/settings';
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

const passCodeToken = async (call: Call, transactionType: string) =>
  ok(await call('POST', '/security/pass-code/token', { code: '1234', transactionType, hash: 'device-1' }), tokenAnswer)
    .token;

describe('biometrics', () => {
  let server: TestServer;
  let bot: FakeBotApi;
  const clock = { now: new Date('2026-11-20T10:00:00Z') };

  beforeAll(async () => {
    bot = fakeBotApi();
    server = await createTestServer({ security: { botApi: bot }, now: clock.now });
  });
  afterAll(() => server.close());

  const enrolled = async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await activatePassCode(server, call, user.userId, bot, '1234');
    const passCodeConfirmationToken = await passCodeToken(call, 'addBiometric');
    const { token } = ok(
      await call('POST', '/security/biometric', { deviceId: 'device-1', passCodeConfirmationToken }),
      tokenAnswer,
    );
    return { ...user, call, biometricToken: token };
  };

  it('adds a biometric token for a device with a passcode confirmation token for addBiometric', async () => {
    const { call } = await enrolled();

    expect(z.parse(securityInfo, (await call('GET', '/security?deviceId=device-1')).json()).biometric).toBe(true);
    expect(z.parse(securityInfo, (await call('GET', '/security?deviceId=device-2')).json()).biometric).toBe(false);
    expect(z.parse(userSettings, (await call('GET', '/user/settings')).json()).biometric).toBe(true);
  });

  it('refuses a passcode confirmation token of another transaction type, or one already spent', async () => {
    const user = await signInTestUser(server.database);
    const call = caller(server, user.token);
    await activatePassCode(server, call, user.userId, bot, '1234');

    const p2pToken = await passCodeToken(call, 'p2p');
    expectError(
      await call('POST', '/security/biometric', { deviceId: 'device-1', passCodeConfirmationToken: p2pToken }),
      403,
      'invalid_token',
    );
    const spent = await passCodeToken(call, 'addBiometric');
    ok(
      await call('POST', '/security/biometric', { deviceId: 'device-1', passCodeConfirmationToken: spent }),
      tokenAnswer,
    );
    expectError(
      await call('POST', '/security/biometric', { deviceId: 'device-2', passCodeConfirmationToken: spent }),
      403,
      'invalid_token',
    );
  });

  it('turns the device’s biometric token into a confirmation token', async () => {
    const { call, biometricToken } = await enrolled();

    const answer = ok(
      await call('POST', '/security/biometric/token', {
        deviceId: 'device-1',
        token: biometricToken,
        transactionType: 'p2p',
        hash: 'order',
      }),
      tokenAnswer,
    );
    expect(answer.token).not.toBe(biometricToken);
  });

  it('answers 404 for a wrong token, another device or another user', async () => {
    const { call, biometricToken } = await enrolled();
    const stranger = await enrolled();
    const ask = (who: Call, deviceId: string, token: string) =>
      who('POST', '/security/biometric/token', { deviceId, token, transactionType: 'p2p', hash: 'order' });

    expectError(await ask(call, 'device-1', 'x'.repeat(43)), 404, 'biometric_not_found');
    expectError(await ask(call, 'device-2', biometricToken), 404, 'biometric_not_found');
    expectError(await ask(stranger.call, 'device-1', biometricToken), 404, 'biometric_not_found');
  });

  it('is revoked for the device on request', async () => {
    const { call, biometricToken } = await enrolled();

    ok(await call('DELETE', '/security/biometric?deviceId=device-1'), resultAnswer);

    expectError(
      await call('POST', '/security/biometric/token', {
        deviceId: 'device-1',
        token: biometricToken,
        transactionType: 'p2p',
        hash: 'order',
      }),
      404,
      'biometric_not_found',
    );
    expect(z.parse(securityInfo, (await call('GET', '/security?deviceId=device-1')).json()).biometric).toBe(false);
  });

  it('is revoked on every device when the passcode is restored through e-mail', async () => {
    const { userId, call, biometricToken } = await enrolled();
    advance(server, clock, 60_000);
    const { id } = ok(await call('POST', '/security/email-code', { transactionType: 'changePassCode' }), idAnswer);
    const { token } = ok(
      await call('POST', '/security/email-code/token', { id, code: await latestCode(server.database, userId) }),
      tokenAnswer,
    );
    ok(
      await call('POST', '/security/pass-code/recovery', { code: '5678', mailConfirmationToken: token }),
      resultAnswer,
    );
    expect((await openLink(server, botLink(bot))).statusCode).toBe(200);

    expectError(
      await call('POST', '/security/biometric/token', {
        deviceId: 'device-1',
        token: biometricToken,
        transactionType: 'p2p',
        hash: 'order',
      }),
      404,
      'biometric_not_found',
    );
  });

  it('answers 401 to every security call without a session', async () => {
    const calls: [string, string][] = [
      ['GET', '/security'],
      ['POST', '/security/pass-code'],
      ['POST', '/security/pass-code/token'],
      ['POST', '/security/pass-code/recovery'],
      ['POST', '/security/email-code'],
      ['POST', '/security/email-code/token'],
      ['POST', '/security/biometric'],
      ['POST', '/security/biometric/token'],
      ['POST', '/user/verify-email'],
      ['POST', '/user/confirm-email'],
    ];
    for (const [method, url] of calls) {
      const response = await server.app.inject({
        method: method === 'GET' ? 'GET' : 'POST',
        url: `/api/v1${url}`,
        payload: method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
