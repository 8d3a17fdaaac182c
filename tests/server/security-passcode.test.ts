import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { securityInfo } from '../../src/contract/security';
import { userSettings } from '../../src/contract/settings';
import { userSecurity } from '../../src/server/db/schema/security';
import { spendConfirmationToken } from '../../src/server/modules/security/passcode';
import {
  activatePassCode,
  botLink,
  caller,
  confirmBackupEmail,
  expectError,
  type FakeBotApi,
  fakeBotApi,
  ok,
  openLink,
  resultAnswer,
  tokenAnswer,
} from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

describe('the passcode', () => {
  let server: TestServer;
  let bot: FakeBotApi;
  const security = () => ({
    db: server.database.db,
    now: () => new Date(),
    mailer: { send: async () => {} },
    botApi: bot,
    publicUrl: null,
  });

  beforeAll(async () => {
    bot = fakeBotApi();
    server = await createTestServer({ security: { botApi: bot, publicUrl: 'https://wallet.example.com' } });
  });
  afterAll(() => server.close());

  it('is stored as an argon2id hash, never as the digits', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const call = caller(server, token);
    await activatePassCode(server, call, userId, bot, '4821');

    const [row] = await server.database.db.select().from(userSecurity).where(eq(userSecurity.userId, userId));
    expect(row?.passCodeHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain('4821');
  });

  it('cannot be set before a backup e-mail is confirmed', async () => {
    const { token } = await signInTestUser(server.database);

    expectError(
      await caller(server, token)('POST', '/security/pass-code', { code: '1234' }),
      403,
      'email_not_confirmed',
    );
  });

  it('rejects anything but 4 digits', async () => {
    const { token } = await signInTestUser(server.database);

    expectError(await caller(server, token)('POST', '/security/pass-code', { code: '12a4' }), 400, 'validation_failed');
  });

  it('stays pending until the user confirms it with the bot message, which the Bot API receives', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const call = caller(server, token);
    await confirmBackupEmail(server, call, userId);

    ok(await call('POST', '/security/pass-code', { code: '1234' }), resultAnswer);

    const request = bot.sent.at(-1);
    expect(request?.chat_id).toBe(userId);
    expect(request?.text).toContain('passcode');
    expect(botLink(bot)).toMatch(/^https:\/\/wallet\.example\.com\/confirm\/pass-code\?token=[\w-]{43}$/);
    const pending = z.parse(securityInfo, (await call('GET', '/security')).json());
    expect(pending).toMatchObject({ passCode: false, passCodePending: true });
    expect(z.parse(userSettings, (await call('GET', '/user/settings')).json()).passCode).toBe(false);
    expectError(
      await call('POST', '/security/pass-code/token', { code: '1234', transactionType: 'p2p', hash: 'h' }),
      404,
      'pass_code_not_set',
    );

    const confirmation = await openLink(server, botLink(bot));
    expect(confirmation.statusCode).toBe(200);
    expect(confirmation.headers['content-type']).toContain('text/html');

    expect(z.parse(userSettings, (await call('GET', '/user/settings')).json())).toMatchObject({
      passCode: true,
      isEmailConfirmed: true,
      email: `user${userId}@example.com`,
    });
  });

  it('does not confirm when the link is only fetched, as a link previewer would', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const call = caller(server, token);
    await confirmBackupEmail(server, call, userId);
    ok(await call('POST', '/security/pass-code', { code: '1234' }), resultAnswer);

    const url = new URL(botLink(bot));
    const page = await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect(z.parse(securityInfo, (await call('GET', '/security')).json())).toMatchObject({
      passCode: false,
      passCodePending: true,
    });
  });

  it('ignores a confirmation link that was already used', async () => {
    const { userId, token } = await signInTestUser(server.database);
    await activatePassCode(server, caller(server, token), userId, bot);

    expect((await openLink(server, botLink(bot))).statusCode).toBe(404);
    expect(
      (await openLink(server, 'https://wallet.example.com/confirm/pass-code?token=not-a-real-token-at-all')).statusCode,
    ).toBe(404);
  });

  it('answers 409 when a passcode is already active', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const call = caller(server, token);
    await activatePassCode(server, call, userId, bot);

    expectError(await call('POST', '/security/pass-code', { code: '5555' }), 409, 'pass_code_already_set');
  });

  it('answers 502 when the Bot API cannot deliver the confirmation', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const call = caller(server, token);
    await confirmBackupEmail(server, call, userId);
    bot.failing = true;
    try {
      expectError(await call('POST', '/security/pass-code', { code: '1234' }), 502, 'bot_unavailable');
    } finally {
      bot.failing = false;
    }
  });

  it('answers a confirmation token for the right passcode and 403 with the attempts left for a wrong one', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const call = caller(server, token);
    await activatePassCode(server, call, userId, bot, '2468');

    const wrong = await call('POST', '/security/pass-code/token', { code: '1111', transactionType: 'p2p', hash: 'h' });
    expect(expectError(wrong, 403, 'wrong_pass_code')).toEqual({ attemptsLeft: 4 });
    const right = ok(
      await call('POST', '/security/pass-code/token', { code: '2468', transactionType: 'p2p', hash: 'h' }),
      tokenAnswer,
    );
    expect(right.token.length).toBeGreaterThanOrEqual(43);
  });

  it('binds the confirmation token to its user, transaction type and hash, and spends it once', async () => {
    const owner = await signInTestUser(server.database);
    const stranger = await signInTestUser(server.database);
    const call = caller(server, owner.token);
    await activatePassCode(server, call, owner.userId, bot, '1357');
    const issue = async () =>
      ok(
        await call('POST', '/security/pass-code/token', { code: '1357', transactionType: 'p2p', hash: 'order-hash' }),
        tokenAnswer,
      ).token;

    const first = await issue();
    expect(
      await spendConfirmationToken(security(), stranger.userId, first, {
        transactionTypes: ['p2p'],
        hash: 'order-hash',
      }),
    ).toBe(false);
    expect(
      await spendConfirmationToken(security(), owner.userId, first, { transactionTypes: ['p2p'], hash: 'order-hash' }),
    ).toBe(true);
    expect(
      await spendConfirmationToken(security(), owner.userId, first, { transactionTypes: ['p2p'], hash: 'order-hash' }),
    ).toBe(false);

    const second = await issue();
    expect(
      await spendConfirmationToken(security(), owner.userId, second, {
        transactionTypes: ['withdraw'],
        hash: 'order-hash',
      }),
    ).toBe(false);
    const third = await issue();
    expect(
      await spendConfirmationToken(security(), owner.userId, third, { transactionTypes: ['p2p'], hash: 'other-hash' }),
    ).toBe(false);
  });

  it('lets a confirmation token expire after 5 minutes', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const call = caller(server, token);
    await activatePassCode(server, call, userId, bot, '9753');
    const issued = ok(
      await call('POST', '/security/pass-code/token', { code: '9753', transactionType: 'p2p', hash: 'h' }),
      tokenAnswer,
    ).token;

    const late = { ...security(), now: () => new Date(Date.now() + 5 * 60_000 + 1000) };
    expect(await spendConfirmationToken(late, userId, issued, { transactionTypes: ['p2p'], hash: 'h' })).toBe(false);
  });
});
