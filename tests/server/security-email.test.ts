import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { securityInfo } from '../../src/contract/security';
import { emailCodes } from '../../src/server/db/schema/security';
import {
  activatePassCode,
  advance,
  botLink,
  caller,
  confirmBackupEmail,
  expectError,
  type FakeBotApi,
  fakeBotApi,
  idAnswer,
  latestCode,
  mailToken,
  ok,
  openLink,
  outboxOf,
  resultAnswer,
  tokenAnswer,
} from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const minute = 60_000;

/** A code that is not `code` (a wrong guess). */
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describe('the backup e-mail and e-mail codes', () => {
  let server: TestServer;
  let bot: FakeBotApi;
  const clock = { now: new Date('2026-11-20T10:00:00Z') };

  beforeAll(async () => {
    bot = fakeBotApi();
    server = await createTestServer({ security: { botApi: bot }, now: clock.now });
  });
  afterAll(() => server.close());

  const newUser = async () => {
    const user = await signInTestUser(server.database);
    return { ...user, call: caller(server, user.token) };
  };

  it('mails a 6-digit code to the outbox, keeps only its argon2id hash and confirms the address with it', async () => {
    const { userId, call } = await newUser();

    const { id } = ok(await call('POST', '/user/verify-email', { email: '  Alice@Example.COM ' }), idAnswer);

    const [mail] = await outboxOf(server.database, userId);
    expect(mail).toMatchObject({ channel: 'email', recipient: 'alice@example.com' });
    const code = await latestCode(server.database, userId);
    expect(mail?.body).toContain(code);
    const [row] = await server.database.db.select().from(emailCodes).where(eq(emailCodes.id, id));
    expect(row?.codeHash).toMatch(/^\$argon2id\$/);
    expect(z.parse(securityInfo, (await call('GET', '/security')).json())).toMatchObject({
      email: 'alice@example.com',
      isEmailConfirmed: false,
    });

    ok(await call('POST', '/user/confirm-email', { id, code }), resultAnswer);

    expect(z.parse(securityInfo, (await call('GET', '/security')).json())).toMatchObject({
      email: 'alice@example.com',
      isEmailConfirmed: true,
    });
    expectError(await call('POST', '/user/confirm-email', { id, code }), 404, 'code_not_found');
  });

  it('refuses a second code within 60 s with the seconds to wait', async () => {
    const { call } = await newUser();
    ok(await call('POST', '/user/verify-email', { email: 'wait@example.com' }), idAnswer);
    advance(server, clock, 20_000);

    expect(
      expectError(await call('POST', '/user/verify-email', { email: 'wait@example.com' }), 429, 'resend_too_soon'),
    ).toEqual({
      seconds: 40,
    });
    advance(server, clock, 40_000);
    ok(await call('POST', '/user/verify-email', { email: 'wait@example.com' }), idAnswer);
  });

  it('answers 403 with the guesses left for a wrong code and refuses the code after 5 wrong guesses', async () => {
    const { userId, call } = await newUser();
    const { id } = ok(await call('POST', '/user/verify-email', { email: `guess${userId}@example.com` }), idAnswer);
    const code = await latestCode(server.database, userId);

    for (let left = 4; left >= 0; left -= 1) {
      const data = expectError(
        await call('POST', '/user/confirm-email', { id, code: wrongOf(code) }),
        403,
        'wrong_code',
      );
      expect(data).toEqual({ attemptsLeft: left });
    }
    expectError(await call('POST', '/user/confirm-email', { id, code }), 404, 'code_not_found');
  });

  it('lets a code expire after 10 minutes', async () => {
    const { userId, call } = await newUser();
    const { id } = ok(await call('POST', '/user/verify-email', { email: `late${userId}@example.com` }), idAnswer);
    const code = await latestCode(server.database, userId);

    advance(server, clock, 10 * minute);

    expectError(await call('POST', '/user/confirm-email', { id, code }), 404, 'code_not_found');
  });

  it('answers 404 for a code id that is unknown, malformed or another user’s', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const { id } = ok(
      await owner.call('POST', '/user/verify-email', { email: `own${owner.userId}@example.com` }),
      idAnswer,
    );
    const code = await latestCode(server.database, owner.userId);

    expectError(await stranger.call('POST', '/user/confirm-email', { id, code }), 404, 'code_not_found');
    expectError(await owner.call('POST', '/user/confirm-email', { id: 'nope', code }), 404, 'code_not_found');
    expectError(
      await owner.call('POST', '/user/confirm-email', { id: '00000000-0000-4000-8000-000000000000', code }),
      404,
      'code_not_found',
    );
  });

  it('answers 409 for the address that is already confirmed, and for one another account confirmed', async () => {
    const first = await newUser();
    const second = await newUser();
    await confirmBackupEmail(server, first.call, first.userId, `taken${first.userId}@example.com`);

    expectError(
      await first.call('POST', '/user/verify-email', { email: `taken${first.userId}@example.com` }),
      409,
      'email_already_confirmed',
    );
    expectError(
      await second.call('POST', '/user/verify-email', { email: `taken${first.userId}@example.com` }),
      409,
      'email_in_use',
    );
  });

  it('answers 409 on confirming an address another account confirmed in the meantime', async () => {
    const first = await newUser();
    const second = await newUser();
    const email = `race${first.userId}@example.com`;
    const { id } = ok(await second.call('POST', '/user/verify-email', { email }), idAnswer);
    const code = await latestCode(server.database, second.userId);
    await confirmBackupEmail(server, first.call, first.userId, email);

    expectError(await second.call('POST', '/user/confirm-email', { id, code }), 409, 'email_in_use');
  });

  it('rejects an address that is not one', async () => {
    const { call } = await newUser();

    expectError(await call('POST', '/user/verify-email', { email: 'not-an-address' }), 400, 'validation_failed');
  });

  it('answers 404 for a transaction code without a confirmed e-mail', async () => {
    const { call } = await newUser();

    expectError(
      await call('POST', '/security/email-code', { transactionType: 'changePassCode' }),
      404,
      'email_not_set',
    );
  });

  it('keeps the confirmed address until a new one is confirmed', async () => {
    const { userId, call } = await newUser();
    await confirmBackupEmail(server, call, userId, `old${userId}@example.com`);
    advance(server, clock, minute);
    // No passcode is active: the code sent to the current address is the one confirmation needed.
    const mailConfirmationToken = await mailToken(server, call, userId, 'change_email');
    advance(server, clock, minute);

    const { id } = ok(
      await call('POST', '/user/verify-email', { email: `new${userId}@example.com`, mailConfirmationToken }),
      idAnswer,
    );
    expect(z.parse(securityInfo, (await call('GET', '/security')).json()).email).toBe(`old${userId}@example.com`);
    ok(
      await call('POST', '/user/confirm-email', { id, code: await latestCode(server.database, userId) }),
      resultAnswer,
    );
    expect(z.parse(securityInfo, (await call('GET', '/security')).json()).email).toBe(`new${userId}@example.com`);
  });

  it('turns a transaction code into a single-use mail token that only its transaction type accepts', async () => {
    const { userId, call } = await newUser();
    await activatePassCode(server, call, userId, bot, '1234');
    advance(server, clock, minute);

    const { id } = ok(await call('POST', '/security/email-code', { transactionType: 'withdraw' }), idAnswer);
    const code = await latestCode(server.database, userId);
    const { token } = ok(await call('POST', '/security/email-code/token', { id, code }), tokenAnswer);
    expectError(await call('POST', '/security/email-code/token', { id, code }), 404, 'code_not_found');

    expectError(
      await call('POST', '/security/pass-code/recovery', { code: '5678', mailConfirmationToken: token }),
      403,
      'invalid_token',
    );
  });

  it('does not turn the e-mail confirmation code into a mail token', async () => {
    const { userId, call } = await newUser();
    const { id } = ok(await call('POST', '/user/verify-email', { email: `mix${userId}@example.com` }), idAnswer);

    expectError(
      await call('POST', '/security/email-code/token', { id, code: await latestCode(server.database, userId) }),
      404,
      'code_not_found',
    );
  });

  it('restores the passcode with a changePassCode mail token, once, after the bot confirms it', async () => {
    const { userId, call } = await newUser();
    await activatePassCode(server, call, userId, bot, '1234');
    advance(server, clock, minute);
    const { id } = ok(await call('POST', '/security/email-code', { transactionType: 'changePassCode' }), idAnswer);
    const { token } = ok(
      await call('POST', '/security/email-code/token', { id, code: await latestCode(server.database, userId) }),
      tokenAnswer,
    );

    ok(
      await call('POST', '/security/pass-code/recovery', { code: '4321', mailConfirmationToken: token }),
      resultAnswer,
    );
    expectError(
      await call('POST', '/security/pass-code/recovery', { code: '9999', mailConfirmationToken: token }),
      403,
      'invalid_token',
    );
    // Active once confirmed in the bot, like a passcode set for the first time.
    expect((await openLink(server, botLink(bot))).statusCode).toBe(200);
    ok(
      await call('POST', '/security/pass-code/token', { code: '4321', transactionType: 'p2p', hash: 'h' }),
      tokenAnswer,
    );
  });

  it('answers 404 to a recovery when no passcode was ever set', async () => {
    const { call } = await newUser();

    expectError(
      await call('POST', '/security/pass-code/recovery', { code: '4321', mailConfirmationToken: 'x'.repeat(43) }),
      404,
      'pass_code_not_set',
    );
  });
});

describe('e-mail over SMTP', () => {
  it('goes through the configured mailer instead of the outbox', async () => {
    const sent: { to: string; subject: string }[] = [];
    const server = await createTestServer({ security: { mailer: { send: async (mail) => void sent.push(mail) } } });
    try {
      const { userId, token } = await signInTestUser(server.database);
      ok(await caller(server, token)('POST', '/user/verify-email', { email: 'smtp@example.com' }), idAnswer);

      expect(sent).toHaveLength(1);
      expect(sent[0]?.to).toBe('smtp@example.com');
      expect(sent[0]?.subject).toMatch(/\d{6}/);
      expect(await outboxOf(server.database, userId)).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
