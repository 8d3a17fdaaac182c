import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { sessionTokenHeader } from '../../src/contract/auth';
import { securityInfo, sessionList } from '../../src/contract/security';
import { withdrawal } from '../../src/contract/wallet-operations';
import { emailCodes, outbox, securityTokens, userSecurity } from '../../src/server/db/schema/security';
import { sessions, userSettings } from '../../src/server/db/schema/users';
import { withdrawals } from '../../src/server/db/schema/wallet';
import { generateDepositAddress } from '../../src/server/integrations/chain/addresses';
import { balancesOf } from '../../src/server/ledger/ledger';
import { createSession } from '../../src/server/modules/auth/sessions';
import { sha256 } from '../../src/server/modules/security/tokens';
import { seedDeposit } from './helpers/ledger';
import {
  activatePassCode,
  advance,
  botLink,
  botLinks,
  type Call,
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
import { initData, loginWidgetData, miniAppFields, newTelegramId, unixSeconds } from './helpers/telegram';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const minute = 60_000;
const hour = 60 * minute;
const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('a stolen session cannot take the account over (issue 8, item 2)', () => {
  let server: TestServer;
  let bot: FakeBotApi;
  const clock = { now: new Date('2026-11-20T10:00:00Z') };
  let nextAddress = 1;

  beforeAll(async () => {
    bot = fakeBotApi();
    server = await createTestServer({ security: { botApi: bot }, now: clock.now });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;

  /** Each person calls from their own address, so per-address limits of one test do not reach the next. */
  function personCaller(auth: { readonly bearer?: string; readonly cookie?: string }): Call {
    const remoteAddress = `198.51.100.${nextAddress++}`;
    return (method, url, payload) =>
      server.app.inject({
        method,
        url: `/api/v1${url}`,
        remoteAddress,
        headers: {
          ...(auth.bearer === undefined ? {} : { authorization: `Bearer ${auth.bearer}` }),
          ...(auth.cookie === undefined ? {} : { cookie: `kopilka_session=${auth.cookie}` }),
          // A cookie-authenticated write without a JSON body needs this header (DELETE).
          ...(auth.cookie !== undefined && payload === undefined ? { 'x-requested-with': 'fetch' } : {}),
        },
        ...(payload === undefined ? {} : { payload }),
      });
  }

  interface Owner {
    readonly userId: number;
    readonly token: string;
    readonly call: Call;
  }

  /** A user with a confirmed e-mail `user<id>@example.com` and the active passcode 1234. */
  async function owner(options: { readonly passCode?: boolean } = {}): Promise<Owner> {
    const { userId, token } = await signInTestUser(server.database, { now: clock.now });
    const call = personCaller({ bearer: token });
    if (options.passCode === false) await confirmBackupEmail(server, call, userId, `user${userId}@example.com`);
    else await activatePassCode(server, call, userId, bot);
    advance(server, clock, minute + 1000);
    return { userId, token, call };
  }

  async function secondSession(userId: number): Promise<Call> {
    const { token } = await createSession(db(), userId, { now: clock.now });
    return personCaller({ bearer: token });
  }

  const info = async (call: Call) => z.parse(securityInfo, (await call('GET', '/security')).json());

  async function passCodeToken(call: Call, transactionType: string, code = '1234', hash = randomUUID()) {
    return ok(await call('POST', '/security/pass-code/token', { code, transactionType, hash }), tokenAnswer).token;
  }

  async function mailTokenFor(who: Owner, transactionType: string): Promise<string> {
    const token = await mailToken(server, who.call, who.userId, transactionType);
    advance(server, clock, minute + 1000);
    return token;
  }

  async function fund(userId: number, amount: bigint): Promise<void> {
    await seedDeposit(db(), {
      userId,
      asset: 'BTC',
      network: 'BTC',
      amount,
      address: generateDepositAddress('BTC'),
    });
  }

  async function withdrawBody(call: Call, passCode = '1234') {
    const idempotencyKey = randomUUID();
    return {
      asset: 'BTC',
      network: 'BTC',
      address: generateDepositAddress('BTC'),
      amount: '50000',
      idempotency_key: idempotencyKey,
      token: await passCodeToken(call, 'withdraw', passCode, idempotencyKey),
    };
  }

  async function moneyOf(userId: number) {
    const balance = (await balancesOf(db(), userId)).get('BTC') ?? { available: 0n, held: 0n };
    const rows = await db().select().from(withdrawals).where(eq(withdrawals.userId, userId));
    return { available: balance.available, held: balance.held, withdrawals: rows.length };
  }

  async function securityOf(userId: number) {
    const [row] = await db().select().from(userSecurity).where(eq(userSecurity.userId, userId));
    if (row === undefined) throw new Error('no security row');
    return row;
  }

  /** Changes the backup e-mail the way the owner does: passcode, code to the old address, code to the new one. */
  async function changeEmail(who: Owner, newEmail: string): Promise<LightMyRequestResponse> {
    const passCodeConfirmationToken = await passCodeToken(who.call, 'change_email');
    const mailConfirmationToken = await mailTokenFor(who, 'change_email');
    const { id } = ok(
      await who.call('POST', '/user/verify-email', {
        email: newEmail,
        passCodeConfirmationToken,
        mailConfirmationToken,
      }),
      idAnswer,
    );
    return who.call('POST', '/user/confirm-email', { id, code: await latestCode(server.database, who.userId) });
  }

  /** Restores the passcode through e-mail and confirms it in the bot, as the owner. */
  async function recover(who: Owner, newCode: string): Promise<void> {
    const mailConfirmationToken = await mailTokenFor(who, 'changePassCode');
    ok(await who.call('POST', '/security/pass-code/recovery', { code: newCode, mailConfirmationToken }), resultAnswer);
    expect((await openLink(server, botLink(bot))).statusCode).toBe(200);
  }

  it('refuses every step of the attack played with only the victim’s session cookie, and no money moves', async () => {
    const victim = await owner();
    await fund(victim.userId, 1_000_000n);
    const before = { money: await moneyOf(victim.userId), security: await securityOf(victim.userId) };
    const attacker = personCaller({ cookie: victim.token });
    const attackerEmail = 'attacker@evil.example';

    // 1. Change the backup e-mail to the attacker's: no passcode, no code from the old address.
    expect(
      expectError(await attacker('POST', '/user/verify-email', { email: attackerEmail }), 403, 'confirmation_required'),
    ).toEqual({ passCode: true, email: true });
    // … nor with made-up tokens, nor with a code sent to the victim's address the attacker cannot read.
    ok(await attacker('POST', '/security/email-code', { transactionType: 'change_email' }), idAnswer);
    expectError(
      await attacker('POST', '/user/verify-email', {
        email: attackerEmail,
        passCodeConfirmationToken: 'A'.repeat(43),
        mailConfirmationToken: 'B'.repeat(43),
      }),
      403,
      'invalid_token',
    );
    advance(server, clock, minute + 1000);

    // 2. Recover the passcode by e-mail: the code goes to the victim's address.
    ok(await attacker('POST', '/security/email-code', { transactionType: 'changePassCode' }), idAnswer);
    expectError(
      await attacker('POST', '/security/pass-code/recovery', { code: '0000', mailConfirmationToken: 'C'.repeat(43) }),
      403,
      'invalid_token',
    );
    // Even an attacker who also reads the victim's mailbox only gets a pending passcode: the bot must confirm it.
    advance(server, clock, minute + 1000);
    const { id } = ok(await attacker('POST', '/security/email-code', { transactionType: 'changePassCode' }), idAnswer);
    const stolen = ok(
      await attacker('POST', '/security/email-code/token', {
        id,
        code: await latestCode(server.database, victim.userId),
      }),
      tokenAnswer,
    ).token;
    ok(
      await attacker('POST', '/security/pass-code/recovery', { code: '0000', mailConfirmationToken: stolen }),
      resultAnswer,
    );
    const recoveryMessage = bot.sent.at(-1);
    expect(recoveryMessage?.chat_id).toBe(victim.userId);
    expect(botLinks(bot)).toHaveLength(2);
    expect(botLinks(bot)[1]).toContain('/report/takeover?token=');

    // 3. Withdraw with the attacker's passcode: it is not active, so no withdrawal token.
    expectError(
      await attacker('POST', '/security/pass-code/token', {
        code: '0000',
        transactionType: 'withdraw',
        hash: randomUUID(),
      }),
      403,
      'wrong_pass_code',
    );
    const key = randomUUID();
    expectError(
      await attacker('POST', '/wallet/withdrawal', {
        asset: 'BTC',
        network: 'BTC',
        address: generateDepositAddress('BTC'),
        amount: '500000',
        idempotency_key: key,
        token: 'D'.repeat(43),
      }),
      403,
      'invalid_token',
    );

    const after = await securityOf(victim.userId);
    expect(after.email).toBe(before.security.email);
    expect(after.emailConfirmed).toBe(true);
    expect(after.passCodeHash).toBe(before.security.passCodeHash);
    expect(await moneyOf(victim.userId)).toEqual(before.money);
    const attackerMail = await db().select().from(outbox).where(eq(outbox.recipient, attackerEmail));
    expect(attackerMail).toEqual([]);
  });

  describe('changing the backup e-mail', () => {
    it('needs a change_email passcode token and a change_email code from the old address, then swaps the address', async () => {
      const user = await owner();
      const newEmail = `moved${user.userId}@example.com`;

      const response = await changeEmail(user, newEmail);

      expect(ok(response, resultAnswer)).toEqual({ result: true });
      expect(await info(user.call)).toMatchObject({ email: newEmail, isEmailConfirmed: true });
      const codeMail = (await outboxOf(server.database, user.userId)).filter((m) => m.recipient === newEmail);
      expect(codeMail).toHaveLength(1);
    });

    it('mails the new address at once after the old address’s code, but not twice to it within 60 s', async () => {
      const user = await owner();
      const email = `quick${user.userId}@example.com`;
      const passCodeConfirmationToken = await passCodeToken(user.call, 'change_email');
      const mailConfirmationToken = await mailToken(server, user.call, user.userId, 'change_email');
      advance(server, clock, 5000);

      ok(
        await user.call('POST', '/user/verify-email', { email, passCodeConfirmationToken, mailConfirmationToken }),
        idAnswer,
      );
      expect(expectError(await user.call('POST', '/user/verify-email', { email }), 429, 'resend_too_soon')).toEqual({
        seconds: 60,
      });
    });

    it('lets exactly one of two parallel sends spend the same confirmations', async () => {
      const user = await owner();
      const passCodeConfirmationToken = await passCodeToken(user.call, 'change_email');
      const mailConfirmationToken = await mailTokenFor(user, 'change_email');
      const tokens = { passCodeConfirmationToken, mailConfirmationToken };

      const answers = await Promise.all([
        user.call('POST', '/user/verify-email', { email: `par-a${user.userId}@example.com`, ...tokens }),
        user.call('POST', '/user/verify-email', { email: `par-b${user.userId}@example.com`, ...tokens }),
      ]);

      // The loser is refused by the one-code-a-minute claim (429) or by the spent tokens (403).
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([403, 429]).toContain(statuses[1]);
      const live = await db().select().from(emailCodes).where(eq(emailCodes.userId, user.userId));
      const authorised = live.filter((code) => code.purpose === 'confirm_new_email' && code.usedAt === null);
      expect(authorised).toHaveLength(1);
    });

    it('asks only for the old address’s code while no passcode is active', async () => {
      const user = await owner({ passCode: false });
      expect(
        expectError(
          await user.call('POST', '/user/verify-email', { email: `x${user.userId}@example.com` }),
          403,
          'confirmation_required',
        ),
      ).toEqual({ passCode: false, email: true });
      const mailConfirmationToken = await mailTokenFor(user, 'change_email');
      const { id } = ok(
        await user.call('POST', '/user/verify-email', { email: `x${user.userId}@example.com`, mailConfirmationToken }),
        idAnswer,
      );
      ok(
        await user.call('POST', '/user/confirm-email', { id, code: await latestCode(server.database, user.userId) }),
        resultAnswer,
      );
      expect((await info(user.call)).email).toBe(`x${user.userId}@example.com`);
    });

    it('refuses near-miss tokens: another transaction type, another user’s, a missing passcode token, one character off', async () => {
      const user = await owner();
      const other = await owner();
      const email = `near${user.userId}@example.com`;
      const goodMail = await mailTokenFor(user, 'change_email');

      const attempts: Record<string, string>[] = [
        { passCodeConfirmationToken: await passCodeToken(user.call, 'withdraw'), mailConfirmationToken: goodMail },
        {
          passCodeConfirmationToken: await passCodeToken(user.call, 'change_email'),
          mailConfirmationToken: await mailTokenFor(user, 'changePassCode'),
        },
        {
          passCodeConfirmationToken: await passCodeToken(other.call, 'change_email'),
          mailConfirmationToken: await mailTokenFor(user, 'change_email'),
        },
      ];
      for (const tokens of attempts) {
        expectError(await user.call('POST', '/user/verify-email', { email, ...tokens }), 403, 'invalid_token');
      }
      const passOnly = await passCodeToken(user.call, 'change_email');
      expectError(
        await user.call('POST', '/user/verify-email', { email, passCodeConfirmationToken: passOnly }),
        403,
        'confirmation_required',
      );
      const mail = await mailTokenFor(user, 'change_email');
      const offByOne = `${passOnly.slice(0, -1)}${passOnly.endsWith('A') ? 'B' : 'A'}`;
      expectError(
        await user.call('POST', '/user/verify-email', {
          email,
          passCodeConfirmationToken: offByOne,
          mailConfirmationToken: mail,
        }),
        403,
        'invalid_token',
      );
      // Nothing was mailed to the new address and the old one is still the backup e-mail.
      expect((await outboxOf(server.database, user.userId)).filter((m) => m.recipient === email)).toEqual([]);
      expect((await info(user.call)).email).toBe(`user${user.userId}@example.com`);
    });

    it('asks for the passcode token too when only the old address’s token comes while a passcode is active', async () => {
      const user = await owner();
      const mailConfirmationToken = await mailTokenFor(user, 'change_email');
      expect(
        expectError(
          await user.call('POST', '/user/verify-email', {
            email: `only${user.userId}@example.com`,
            mailConfirmationToken,
          }),
          403,
          'confirmation_required',
        ),
      ).toEqual({ passCode: true, email: true });
    });

    it('does not confirm an address with a code mailed for a transaction', async () => {
      const user = await owner();
      const { id } = ok(await user.call('POST', '/security/email-code', { transactionType: 'change_email' }), idAnswer);
      const code = await latestCode(server.database, user.userId);
      expectError(await user.call('POST', '/user/confirm-email', { id, code }), 404, 'code_not_found');
    });

    it('holds nothing and tells no one when a first address is confirmed', async () => {
      const { userId, token } = await signInTestUser(server.database, { now: clock.now });
      const call = personCaller({ bearer: token });
      const other = await secondSession(userId);
      const sentBefore = bot.sent.length;
      await confirmBackupEmail(server, call, userId, `first-only${userId}@example.com`);
      expect((await info(call)).outflowsHeldUntil).toBeNull();
      expect(bot.sent.length).toBe(sentBefore);
      expect((await other('GET', '/security')).statusCode).toBe(200);
    });

    it('keeps the change and still mails the old address when the bot cannot be reached', async () => {
      const user = await owner();
      const passCodeConfirmationToken = await passCodeToken(user.call, 'change_email');
      const mailConfirmationToken = await mailTokenFor(user, 'change_email');
      const email = `botdown${user.userId}@example.com`;
      const { id } = ok(
        await user.call('POST', '/user/verify-email', { email, passCodeConfirmationToken, mailConfirmationToken }),
        idAnswer,
      );
      const code = await latestCode(server.database, user.userId);
      bot.failing = true;
      try {
        expect(ok(await user.call('POST', '/user/confirm-email', { id, code }), resultAnswer)).toEqual({
          result: true,
        });
      } finally {
        bot.failing = false;
      }
      expect((await info(user.call)).email).toBe(email);
      const notice = (await outboxOf(server.database, user.userId)).filter(
        (m) => m.recipient === `user${user.userId}@example.com` && m.subject.includes('changed'),
      );
      expect(notice).toHaveLength(1);
    });

    it('does not let a code asked for before the first address was confirmed replace it later', async () => {
      const { userId, token } = await signInTestUser(server.database, { now: clock.now });
      const call = personCaller({ bearer: token });
      const { id: stale } = ok(
        await call('POST', '/user/verify-email', { email: `stale${userId}@example.com` }),
        idAnswer,
      );
      const staleCode = await latestCode(server.database, userId);
      advance(server, clock, minute + 1000);
      await confirmBackupEmail(server, call, userId, `first${userId}@example.com`);

      expectError(await call('POST', '/user/confirm-email', { id: stale, code: staleCode }), 404, 'code_not_found');
      expect((await info(call)).email).toBe(`first${userId}@example.com`);
    });

    it('resends the new address’s code without the tokens again, but only to that address and not after 10 minutes', async () => {
      const user = await owner();
      const email = `resend${user.userId}@example.com`;
      const passCodeConfirmationToken = await passCodeToken(user.call, 'change_email');
      const mailConfirmationToken = await mailTokenFor(user, 'change_email');
      ok(
        await user.call('POST', '/user/verify-email', { email, passCodeConfirmationToken, mailConfirmationToken }),
        idAnswer,
      );
      advance(server, clock, minute + 1000);

      expectError(
        await user.call('POST', '/user/verify-email', { email: `other${user.userId}@example.com` }),
        403,
        'confirmation_required',
      );
      const { id } = ok(await user.call('POST', '/user/verify-email', { email }), idAnswer);
      const [resent] = await db().select().from(emailCodes).where(eq(emailCodes.id, id));
      expect(resent?.expiresAt.getTime()).toBeLessThanOrEqual(clock.now.getTime() + 9 * minute);
      // Exactly at the first code's expiry the authorisation is over.
      advance(server, clock, 9 * minute - 1000);
      expectError(await user.call('POST', '/user/verify-email', { email }), 403, 'confirmation_required');
    });

    it('holds withdrawals for 24 h, ends the other sessions, and tells the bot and the old address with a report link', async () => {
      const user = await owner();
      await fund(user.userId, 1_000_000n);
      const otherDevice = await secondSession(user.userId);
      const oldEmail = `user${user.userId}@example.com`;
      const sentBefore = bot.sent.length;

      ok(await changeEmail(user, `held${user.userId}@example.com`), resultAnswer);

      // Sessions: this one lives, the other is gone.
      expect((await otherDevice('GET', '/security')).statusCode).toBe(401);
      expect((await user.call('GET', '/security')).statusCode).toBe(200);
      // The bot and the old address are told, each with a report link.
      const notices = bot.sent.slice(sentBefore);
      expect(notices).toHaveLength(1);
      expect(notices[0]?.chat_id).toBe(user.userId);
      expect(notices[0]?.text).toContain('he***@example.com');
      expect(notices[0]?.reply_markup.inline_keyboard[0]?.[0]?.url).toMatch(
        /^https:\/\/wallet\.kopilka\.test\/report\/takeover\?token=[\w-]{43}$/,
      );
      const [oldMail] = (await outboxOf(server.database, user.userId)).filter(
        (m) => m.recipient === oldEmail && m.subject.includes('changed'),
      );
      expect(oldMail?.body).toMatch(/\/report\/takeover\?token=[\w-]{43}/);
      expect(oldMail?.body).not.toContain(`held${user.userId}@example.com`);

      // The hold: 403 outflows_held with the moment and the seconds, and the token is not spent.
      expect((await info(user.call)).outflowsHeldUntil).toBe(new Date(clock.now.getTime() + 24 * hour).toISOString());
      const body = await withdrawBody(user.call);
      expect(expectError(await user.call('POST', '/wallet/withdrawal', body), 403, 'outflows_held')).toEqual({
        until: new Date(clock.now.getTime() + 24 * hour).toISOString(),
        seconds: 24 * 60 * 60,
      });
      const [token] = await db()
        .select()
        .from(securityTokens)
        .where(eq(securityTokens.tokenHash, sha256(body.token)));
      expect(token?.usedAt).toBeNull();
      expect((await moneyOf(user.userId)).withdrawals).toBe(0);

      advance(server, clock, 24 * hour - 1000);
      expectError(await user.call('POST', '/wallet/withdrawal', await withdrawBody(user.call)), 403, 'outflows_held');
      advance(server, clock, 1000);
      expect((await info(user.call)).outflowsHeldUntil).toBeNull();
      const created = ok(await user.call('POST', '/wallet/withdrawal', await withdrawBody(user.call)), withdrawal);
      expect(created.status).toBe('created');
    });
  });

  describe('recovering the passcode by e-mail', () => {
    it('keeps the new passcode pending until the bot link is confirmed, and ends the other sessions at once', async () => {
      const user = await owner();
      const otherDevice = await secondSession(user.userId);
      const mailConfirmationToken = await mailTokenFor(user, 'changePassCode');

      ok(
        await user.call('POST', '/security/pass-code/recovery', { code: '4321', mailConfirmationToken }),
        resultAnswer,
      );

      expect((await otherDevice('GET', '/security')).statusCode).toBe(401);
      expect(await info(user.call)).toMatchObject({ passCode: true, passCodePending: true, outflowsHeldUntil: null });
      const [confirmLink, reportLink] = botLinks(bot);
      expect(confirmLink).toContain('/confirm/pass-code?token=');
      expect(reportLink).toContain('/report/takeover?token=');
      // Before the bot: the old passcode still works, the new one does not.
      await passCodeToken(user.call, 'p2p', '1234');
      expectError(
        await user.call('POST', '/security/pass-code/token', { code: '4321', transactionType: 'p2p', hash: 'h' }),
        403,
        'wrong_pass_code',
      );

      expect((await openLink(server, confirmLink ?? '')).statusCode).toBe(200);

      expect(await info(user.call)).toMatchObject({ passCode: true, passCodePending: false });
      await passCodeToken(user.call, 'p2p', '4321');
      expectError(
        await user.call('POST', '/security/pass-code/token', { code: '1234', transactionType: 'p2p', hash: 'h' }),
        403,
        'wrong_pass_code',
      );
    });

    it('holds withdrawals for 24 h from the bot confirmation, then lets them through', async () => {
      const user = await owner();
      await fund(user.userId, 1_000_000n);
      await recover(user, '4321');
      const confirmedAt = clock.now.getTime();

      expect((await info(user.call)).outflowsHeldUntil).toBe(new Date(confirmedAt + 24 * hour).toISOString());
      expectError(
        await user.call('POST', '/wallet/withdrawal', await withdrawBody(user.call, '4321')),
        403,
        'outflows_held',
      );
      advance(server, clock, 24 * hour);
      ok(await user.call('POST', '/wallet/withdrawal', await withdrawBody(user.call, '4321')), withdrawal);
      expect((await moneyOf(user.userId)).withdrawals).toBe(1);
    });

    it('answers 502 when the bot cannot be reached, and sends the link again on retry', async () => {
      const user = await owner();
      bot.failing = true;
      try {
        const first = await mailTokenFor(user, 'changePassCode');
        expectError(
          await user.call('POST', '/security/pass-code/recovery', { code: '4321', mailConfirmationToken: first }),
          502,
          'bot_unavailable',
        );
      } finally {
        bot.failing = false;
      }
      await recover(user, '4321');
      await passCodeToken(user.call, 'p2p', '4321');
    });
  });

  describe('the “this wasn’t me” link', () => {
    it('shows a button on GET, and only the POST locks the account and ends every session, once', async () => {
      const user = await owner();
      const otherDevice = await secondSession(user.userId);
      ok(await changeEmail(user, `report${user.userId}@example.com`), resultAnswer);
      const link = new URL(bot.sent.at(-1)?.reply_markup.inline_keyboard[0]?.[0]?.url ?? '');
      const token = link.searchParams.get('token') ?? '';
      const press = (value: string) =>
        server.app.inject({
          method: 'POST',
          url: link.pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ token: value }).toString(),
        });
      const locked = async () =>
        (await db().select().from(userSettings).where(eq(userSettings.userId, user.userId)))[0]?.complianceLock;
      expect((await otherDevice('GET', '/security')).statusCode).toBe(401);

      const page = await server.app.inject({
        method: 'GET',
        url: `${link.pathname}${link.search}`,
        headers: { 'accept-language': 'ru' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<form method="post"');
      expect(page.body).toContain('Заблокировать аккаунт');
      expect(await locked()).toBe(false);
      expect((await user.call('GET', '/security')).statusCode).toBe(200);

      // Near misses: one character off, the bot's passcode link kind, another user's report link.
      const offByOne = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      expect((await press(offByOne)).statusCode).toBe(404);
      expect((await press(token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase())).statusCode).toBe(
        404,
      );
      expect(await locked()).toBe(false);

      const done = await press(token);
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('Account locked');
      expect(await locked()).toBe(true);
      expect((await user.call('GET', '/security')).statusCode).toBe(401);
      expect(await db().select().from(sessions).where(eq(sessions.userId, user.userId))).toEqual([]);
      expect((await press(token)).statusCode).toBe(404);
    });

    it('voids a pending recovery so its bot link no longer activates the attacker’s passcode', async () => {
      const user = await owner();
      const mailConfirmationToken = await mailTokenFor(user, 'changePassCode');
      ok(
        await user.call('POST', '/security/pass-code/recovery', { code: '0000', mailConfirmationToken }),
        resultAnswer,
      );
      const [confirmLink, reportLink] = botLinks(bot);

      expect((await openLink(server, reportLink ?? '')).statusCode).toBe(200);

      const confirmToken = new URL(confirmLink ?? '').searchParams.get('token') ?? '';
      const [voided] = await db()
        .select()
        .from(securityTokens)
        .where(eq(securityTokens.tokenHash, sha256(confirmToken)));
      expect(voided?.usedAt).not.toBeNull();
      expect((await openLink(server, confirmLink ?? '')).statusCode).toBe(404);
      const row = await securityOf(user.userId);
      expect(row.pendingPassCodeHash).toBeNull();
      const [settings] = await db().select().from(userSettings).where(eq(userSettings.userId, user.userId));
      expect(settings?.complianceLock).toBe(true);
    });

    it('stops withdrawals once the account is locked', async () => {
      const user = await owner();
      await fund(user.userId, 1_000_000n);
      ok(await changeEmail(user, `lock${user.userId}@example.com`), resultAnswer);
      expect((await openLink(server, botLink(bot))).statusCode).toBe(200);

      // A new sign-in after the lock, past the hold: money still stays in.
      advance(server, clock, 25 * hour);
      const { token } = await createSession(db(), user.userId, { now: clock.now });
      const call = personCaller({ bearer: token });
      expectError(await call('POST', '/wallet/withdrawal', await withdrawBody(call)), 403, 'withdraw_forbidden');
    });
  });

  describe('the list of sessions', () => {
    const signInMiniApp = (id: number, platform: string | undefined, userAgent: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/webapp',
        headers: { 'user-agent': userAgent },
        payload: {
          initData: initData(miniAppFields({ id, first_name: 'Sam' }, unixSeconds(clock.now))),
          ...(platform === undefined ? {} : { platform }),
        },
      });
    const tokenOf = (response: LightMyRequestResponse): string => {
      const token = response.headers[sessionTokenHeader];
      if (typeof token !== 'string') throw new Error('No session token header');
      return token;
    };

    it('records the platform and a short device label at sign-in, never the raw User-Agent', async () => {
      const id = newTelegramId();
      const fromIos = tokenOf(await signInMiniApp(id, 'ios', safariOnIphone));
      const fromBrowser = tokenOf(await signInMiniApp(id, undefined, chromeOnWindows));
      advance(server, clock, 10 * minute);

      const list = z.parse(sessionList, (await personCaller({ bearer: fromIos })('GET', '/security/sessions')).json());

      expect(list.sessions.map(({ platform, device, current }) => ({ platform, device, current }))).toEqual(
        expect.arrayContaining([
          { platform: 'mini_app', device: 'Telegram iOS', current: true },
          { platform: 'mini_app', device: 'Chrome on Windows', current: false },
        ]),
      );
      expect(list.sessions).toHaveLength(2);
      const stored = await db().select().from(sessions).where(eq(sessions.userId, id));
      for (const row of stored) expect(JSON.stringify(row)).not.toContain('Mozilla');
      expect(fromBrowser).not.toBe(fromIos);
    });

    it('signs in whatever platform name the client sends, labelling an unknown one by the browser', async () => {
      const id = newTelegramId();
      const response = await signInMiniApp(id, 'Some Future Client', chromeOnWindows);
      expect(response.statusCode).toBe(200);
      const [row] = await db().select().from(sessions).where(eq(sessions.userId, id));
      expect({ platform: row?.platform, device: row?.device }).toEqual({
        platform: 'mini_app',
        device: 'Chrome on Windows',
      });
    });

    it('labels a web sign-in with the browser and system', async () => {
      const id = newTelegramId();
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/telegram',
        headers: { 'user-agent': chromeOnWindows },
        payload: loginWidgetData({ id, first_name: 'Web', auth_date: unixSeconds(clock.now) }),
      });
      expect(response.statusCode).toBe(200);
      const [row] = await db().select().from(sessions).where(eq(sessions.userId, id));
      expect({ platform: row?.platform, device: row?.device }).toEqual({
        platform: 'web',
        device: 'Chrome on Windows',
      });
    });

    it('ends one other session, answers 404 for another user’s or an unknown id, and ends all the others at once', async () => {
      const user = await owner({ passCode: false });
      const second = await secondSession(user.userId);
      const third = await secondSession(user.userId);
      const stranger = await owner({ passCode: false });
      const list = z.parse(sessionList, (await user.call('GET', '/security/sessions')).json());
      expect(list.sessions.filter((s) => s.current)).toHaveLength(1);
      const others = list.sessions.filter((s) => !s.current);
      expect(others).toHaveLength(2);
      const [strangerSession] = z.parse(
        sessionList,
        (await stranger.call('GET', '/security/sessions')).json(),
      ).sessions;

      expectError(await user.call('DELETE', `/security/sessions/${strangerSession?.id}`), 404, 'session_not_found');
      expect((await stranger.call('GET', '/security')).statusCode).toBe(200);
      expectError(await user.call('DELETE', `/security/sessions/${randomUUID()}`), 404, 'session_not_found');
      expectError(await user.call('DELETE', '/security/sessions/not-a-uuid'), 404, 'session_not_found');

      expect(ok(await user.call('DELETE', `/security/sessions/${others[0]?.id}`), resultAnswer)).toEqual({
        result: true,
      });
      const remaining = [await second('GET', '/security'), await third('GET', '/security')].map((r) => r.statusCode);
      expect(remaining.sort()).toEqual([200, 401]);

      ok(await user.call('DELETE', '/security/sessions'), resultAnswer);
      expect((await second('GET', '/security')).statusCode).toBe(401);
      expect((await third('GET', '/security')).statusCode).toBe(401);
      expect((await user.call('GET', '/security')).statusCode).toBe(200);
      expect(z.parse(sessionList, (await user.call('GET', '/security/sessions')).json()).sessions).toHaveLength(1);
      expect((await stranger.call('GET', '/security')).statusCode).toBe(200);
    });

    it('answers a 4xx and ends nothing for a huge, NUL-carrying or empty id', async () => {
      const user = await owner({ passCode: false });
      const other = await secondSession(user.userId);
      for (const id of ['a'.repeat(5000), 'abc%00def', '%20']) {
        const response = await user.call('DELETE', `/security/sessions/${id}`);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      }
      expect((await other('GET', '/security')).statusCode).toBe(200);
    });

    it('needs a session, and a cookie-authenticated DELETE needs the non-simple header', async () => {
      expect((await server.app.inject({ method: 'GET', url: '/api/v1/security/sessions' })).statusCode).toBe(401);
      const user = await owner({ passCode: false });
      const other = await secondSession(user.userId);
      const forged = await server.app.inject({
        method: 'DELETE',
        url: '/api/v1/security/sessions',
        headers: { cookie: `kopilka_session=${user.token}` },
      });
      expect(forged.statusCode).toBe(403);
      expect((await other('GET', '/security')).statusCode).toBe(200);
    });
  });
});
