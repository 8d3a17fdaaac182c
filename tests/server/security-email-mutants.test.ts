import { createServer, type Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { securityInfo } from '../../src/contract/security';
import { userSettings } from '../../src/contract/settings';
import { outbox } from '../../src/server/db/schema/security';
import { outboxBotApi, type SendMessageRequest, telegramBotApi } from '../../src/server/modules/security/bot';
import { maskEmail } from '../../src/server/modules/security/messages';
import { issueToken } from '../../src/server/modules/security/tokens';
import {
  activatePassCode,
  advance,
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
  outboxOf,
  resultAnswer,
  tokenAnswer,
} from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// Behaviour of the e-mail side of the security module that mutation testing (docs/testing.md,
// module `security-email`) found no test for: the texts people get, the links' origin in local
// mode, the adapters to the Bot API and SMTP, and the races on one code.

/** The numbers `randomInt` answers next (the e-mail codes); empty means really random. */
const drawn = vi.hoisted(() => ({ next: [] as number[] }));

vi.mock(import('node:crypto'), async (importOriginal) => {
  const actual = await importOriginal();
  const randomInt = new Proxy(actual.randomInt, {
    apply: (draw, self, args) => drawn.next.shift() ?? Reflect.apply(draw, self, args),
  });
  return { ...actual, randomInt };
});

const minute = 60_000;
let nextAddress = 1;

/** Calls the API as the session's user, from an address of its own (per-address limits stay apart). */
function callerFrom(server: TestServer, token: string, host?: string): Call {
  const remoteAddress = `203.0.113.${nextAddress++}`;
  return (method, url, payload) =>
    server.app.inject({
      method,
      url: `/api/v1${url}`,
      remoteAddress,
      headers: { authorization: `Bearer ${token}`, ...(host === undefined ? {} : { host }) },
      ...(payload === undefined ? {} : { payload }),
    });
}

/** A signed-in user who speaks `language`. */
async function personSpeaking(server: TestServer, language: 'en' | 'ru', now: Date, host?: string) {
  const { userId, token } = await signInTestUser(server.database, { now });
  const call = callerFrom(server, token, host);
  ok(await call('PUT', '/user/settings', { language }), userSettings);
  return { userId, call };
}

describe('the e-mail code', () => {
  let server: TestServer;
  const clock = { now: new Date('2026-11-20T10:00:00Z') };
  beforeAll(async () => {
    server = await createTestServer({ now: clock.now });
  });
  afterAll(() => server.close());
  afterEach(() => {
    drawn.next = [];
  });

  it('is mailed in English with six digits, a small number padded with zeros, and is accepted as mailed', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now);
    drawn.next = [42];

    const { id } = ok(await call('POST', '/user/verify-email', { email: `pad${userId}@example.com` }), idAnswer);

    const [mail] = await outboxOf(server.database, userId);
    expect(mail?.subject).toBe('Your Kopilka confirmation code: 000042');
    expect(mail?.body).toBe(
      'Your confirmation code is 000042\n\nIt is valid for 10 minutes. Do not share it with anyone. If you did not ask for it, ignore this e-mail.',
    );
    ok(await call('POST', '/user/confirm-email', { id, code: '000042' }), resultAnswer);
  });

  it('is mailed in Russian to a person who speaks Russian', async () => {
    const { userId, call } = await personSpeaking(server, 'ru', clock.now);
    drawn.next = [7];

    ok(await call('POST', '/user/verify-email', { email: `ru${userId}@example.com` }), idAnswer);

    const [mail] = await outboxOf(server.database, userId);
    expect(mail?.subject).toBe('Код подтверждения Kopilka: 000007');
    expect(mail?.body).toBe(
      'Ваш код подтверждения: 000007\n\nКод действует 10 минут. Никому его не сообщайте. Если вы не запрашивали код, просто проигнорируйте это письмо.',
    );
  });

  it('confirms the address once when the right code comes twice at the same moment; the other answer is 404', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now);
    const { id } = ok(await call('POST', '/user/verify-email', { email: `twice${userId}@example.com` }), idAnswer);
    const code = await latestCode(server.database, userId);

    const answers = await Promise.all([
      call('POST', '/user/confirm-email', { id, code }),
      call('POST', '/user/confirm-email', { id, code }),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    const refused = answers.find((answer) => answer.statusCode === 404);
    expect(refused?.json()).toMatchObject({ code: 'code_not_found' });
  });

  it('counts parallel wrong guesses of the last try as one: one 403 with no guesses left, the rest 404', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now);
    const { id } = ok(await call('POST', '/user/verify-email', { email: `last${userId}@example.com` }), idAnswer);
    const code = await latestCode(server.database, userId);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let guess = 1; guess <= 4; guess += 1) {
      expectError(await call('POST', '/user/confirm-email', { id, code: wrong }), 403, 'wrong_code');
    }

    const answers = await Promise.all(
      Array.from({ length: 3 }, () => call('POST', '/user/confirm-email', { id, code: wrong })),
    );

    const outcomes = answers.map((answer) => `${answer.statusCode} ${answer.json().code}`).sort();
    expect(outcomes[0]).toBe('403 wrong_code');
    expect(outcomes.slice(1)).toEqual(['404 code_not_found', '404 code_not_found']);
    expectError(await call('POST', '/user/confirm-email', { id, code }), 404, 'code_not_found');
  });
});

describe('sending codes', () => {
  let server: TestServer;
  let bot: FakeBotApi;
  const clock = { now: new Date('2026-11-20T10:00:00Z') };
  beforeAll(async () => {
    bot = fakeBotApi();
    server = await createTestServer({ security: { botApi: bot }, now: clock.now });
  });
  afterAll(() => server.close());

  it('answers a first address’s confirmation with result true', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now);
    const { id } = ok(await call('POST', '/user/verify-email', { email: `first${userId}@example.com` }), idAnswer);

    const answer = ok(
      await call('POST', '/user/confirm-email', { id, code: await latestCode(server.database, userId) }),
      resultAnswer,
    );

    expect(answer).toEqual({ result: true });
  });

  it('mails no transaction code to an address that still waits for its confirmation', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now);
    ok(await call('POST', '/user/verify-email', { email: `pending${userId}@example.com` }), idAnswer);
    advance(server, clock, minute + 1000);

    expectError(await call('POST', '/security/email-code', { transactionType: 'withdraw' }), 404, 'email_not_set');

    expect(await outboxOf(server.database, userId)).toHaveLength(1);
  });

  it('lets only an e-mail change skip the 60 s wait with a change_email passcode token, not another transaction', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now);
    await activatePassCode(server, call, userId, bot);
    advance(server, clock, minute + 1000);
    const passCodeConfirmationToken = ok(
      await call('POST', '/security/pass-code/token', { code: '1234', transactionType: 'change_email', hash: 'h' }),
      tokenAnswer,
    ).token;
    ok(await call('POST', '/security/email-code', { transactionType: 'withdraw' }), idAnswer);

    expect(
      expectError(
        await call('POST', '/security/email-code', { transactionType: 'withdraw', passCodeConfirmationToken }),
        429,
        'resend_too_soon',
      ),
    ).toEqual({ seconds: 60 });
    ok(
      await call('POST', '/security/email-code', { transactionType: 'change_email', passCodeConfirmationToken }),
      idAnswer,
    );
  });

  it('spends the confirmations shown again for an address that already has a live change code', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now);
    await confirmBackupEmail(server, call, userId, `now${userId}@example.com`);
    const next = `next${userId}@example.com`;
    advance(server, clock, minute + 1000);
    const firstToken = await mailToken(server, call, userId, 'change_email');
    advance(server, clock, minute + 1000);
    ok(await call('POST', '/user/verify-email', { email: next, mailConfirmationToken: firstToken }), idAnswer);
    advance(server, clock, minute + 1000);
    const secondToken = await mailToken(server, call, userId, 'change_email');

    // At once: a change that shows its confirmations does not wait behind the code just mailed.
    ok(await call('POST', '/user/verify-email', { email: next, mailConfirmationToken: secondToken }), idAnswer);

    expectError(
      await call('POST', '/user/verify-email', {
        email: `else${userId}@example.com`,
        mailConfirmationToken: secondToken,
      }),
      403,
      'invalid_token',
    );
  });

  it('spends the passcode token of an e-mail change with it, so it cannot buy a second change', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now);
    await activatePassCode(server, call, userId, bot);
    advance(server, clock, minute + 1000);
    const passCodeConfirmationToken = ok(
      await call('POST', '/security/pass-code/token', { code: '1234', transactionType: 'change_email', hash: 'h' }),
      tokenAnswer,
    ).token;
    const firstMail = await mailToken(server, call, userId, 'change_email');
    ok(
      await call('POST', '/user/verify-email', {
        email: `one${userId}@example.com`,
        passCodeConfirmationToken,
        mailConfirmationToken: firstMail,
      }),
      idAnswer,
    );
    advance(server, clock, minute + 1000);
    const secondMail = await mailToken(server, call, userId, 'change_email');
    advance(server, clock, minute + 1000);

    expectError(
      await call('POST', '/user/verify-email', {
        email: `two${userId}@example.com`,
        passCodeConfirmationToken,
        mailConfirmationToken: secondMail,
      }),
      403,
      'invalid_token',
    );
  });

  it('counts a first address’s code and a transaction code in one 60 s window', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now);
    await confirmBackupEmail(server, call, userId, `window${userId}@example.com`);

    expect(
      expectError(await call('POST', '/security/email-code', { transactionType: 'withdraw' }), 429, 'resend_too_soon'),
    ).toEqual({ seconds: 60 });
  });

  it('keeps each account’s e-mail change sends apart: two people changing at the same moment both get their code', async () => {
    const people = [await personSpeaking(server, 'en', clock.now), await personSpeaking(server, 'en', clock.now)];
    for (const { userId, call } of people) await confirmBackupEmail(server, call, userId, `apart${userId}@example.com`);
    advance(server, clock, minute + 1000);
    const tokens = [];
    for (const { userId, call } of people) tokens.push(await mailToken(server, call, userId, 'change_email'));
    advance(server, clock, minute + 1000);

    for (const [index, { userId, call }] of people.entries()) {
      ok(
        await call('POST', '/user/verify-email', {
          email: `moved${userId}@example.com`,
          mailConfirmationToken: tokens[index],
        }),
        idAnswer,
      );
    }
  });

  it('does not resend without confirmations for a change code that was spent, even once its address is free again', async () => {
    const owner = await personSpeaking(server, 'en', clock.now);
    const rival = await personSpeaking(server, 'en', clock.now);
    const contested = `contested${owner.userId}@example.com`;
    await confirmBackupEmail(server, owner.call, owner.userId, `mine${owner.userId}@example.com`);
    advance(server, clock, minute + 1000);
    const mailConfirmationToken = await mailToken(server, owner.call, owner.userId, 'change_email');
    const { id } = ok(
      await owner.call('POST', '/user/verify-email', { email: contested, mailConfirmationToken }),
      idAnswer,
    );
    const code = await latestCode(server.database, owner.userId);
    // The rival confirms the address first, so the owner's code is spent on a 409 …
    await confirmBackupEmail(server, rival.call, rival.userId, contested);
    expectError(await owner.call('POST', '/user/confirm-email', { id, code }), 409, 'email_in_use');
    // … and then moves on to another address, freeing it.
    advance(server, clock, minute + 1000);
    const rivalToken = await mailToken(server, rival.call, rival.userId, 'change_email');
    const { id: rivalId } = ok(
      await rival.call('POST', '/user/verify-email', {
        email: `elsewhere${rival.userId}@example.com`,
        mailConfirmationToken: rivalToken,
      }),
      idAnswer,
    );
    ok(
      await rival.call('POST', '/user/confirm-email', {
        id: rivalId,
        code: await latestCode(server.database, rival.userId),
      }),
      resultAnswer,
    );
    advance(server, clock, minute + 1000);

    expectError(await owner.call('POST', '/user/verify-email', { email: contested }), 403, 'confirmation_required');
  });

  it('answers ending the other sessions with result true', async () => {
    const { call } = await personSpeaking(server, 'en', clock.now);

    expect(ok(await call('DELETE', '/security/sessions'), resultAnswer)).toEqual({ result: true });
  });
});

describe('the bot and e-mail notices, word for word', () => {
  let server: TestServer;
  let bot: FakeBotApi;
  const clock = { now: new Date('2026-11-20T10:00:00Z') };
  beforeAll(async () => {
    bot = fakeBotApi();
    server = await createTestServer({ security: { botApi: bot }, now: clock.now });
  });
  afterAll(() => server.close());

  const reportLinkPattern = /https:\/\/wallet\.kopilka\.test\/report\/takeover\?token=[\w-]{43}/;

  /** Changes a confirmed address (no passcode) to `newEmail` with a code from the old one. */
  async function changeEmail(userId: number, call: Call, newEmail: string): Promise<void> {
    await confirmBackupEmail(server, call, userId, `old${userId}@example.com`);
    advance(server, clock, minute + 1000);
    const mailConfirmationToken = await mailToken(server, call, userId, 'change_email');
    advance(server, clock, minute + 1000);
    const { id } = ok(await call('POST', '/user/verify-email', { email: newEmail, mailConfirmationToken }), idAnswer);
    ok(
      await call('POST', '/user/confirm-email', { id, code: await latestCode(server.database, userId) }),
      resultAnswer,
    );
  }

  async function oldAddressNotice(userId: number) {
    // The last of them: the first mails to the old address were its own codes.
    return (await outboxOf(server.database, userId))
      .filter((message) => message.recipient === `old${userId}@example.com`)
      .at(-1);
  }

  it('tells an English speaker in the bot and at the old address that the e-mail changed, masking the new one', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now);
    const sentBefore = bot.sent.length;

    await changeEmail(userId, call, `b@mask${userId}.example`);

    const [message] = bot.sent.slice(sentBefore);
    expect(message?.chat_id).toBe(userId);
    expect(message?.text).toBe(
      `Your Kopilka backup e-mail was changed to b***@mask${userId}.example. Withdrawals pause for 24 hours and your other sessions were ended. If this wasn't you, press "This wasn't me": we lock the account and end every session.`,
    );
    expect(message?.reply_markup.inline_keyboard).toHaveLength(1);
    expect(message?.reply_markup.inline_keyboard[0]?.[0]?.text).toBe("This wasn't me");
    expect(message?.reply_markup.inline_keyboard[0]?.[0]?.url).toMatch(reportLinkPattern);
    const notice = await oldAddressNotice(userId);
    const link = reportLinkPattern.exec(notice?.body ?? '')?.[0];
    expect(notice?.subject).toBe('Your Kopilka backup e-mail was changed');
    expect(notice?.body).toBe(
      `The backup e-mail of your Kopilka account was changed to b***@mask${userId}.example; this address will get no more messages. Withdrawals pause for 24 hours.\n\nIf this wasn't you, open this link: we lock the account until support has looked at it and end every session:\n${link}\n\nThe link works for 7 days.`,
    );
    // Each channel has a link of its own.
    expect(link).not.toBe(message?.reply_markup.inline_keyboard[0]?.[0]?.url);
  });

  it('tells a Russian speaker in Russian', async () => {
    const { userId, call } = await personSpeaking(server, 'ru', clock.now);
    const sentBefore = bot.sent.length;

    await changeEmail(userId, call, `newbox${userId}@example.com`);

    const [message] = bot.sent.slice(sentBefore);
    expect(message?.text).toBe(
      'Резервная почта Kopilka изменена на ne***@example.com. Вывод средств приостановлен на 24 часа, остальные сеансы завершены. Если это были не вы, нажмите «Это был не я» — мы заблокируем аккаунт и завершим все сеансы.',
    );
    expect(message?.reply_markup.inline_keyboard[0]?.[0]?.text).toBe('Это был не я');
    const notice = await oldAddressNotice(userId);
    const link = reportLinkPattern.exec(notice?.body ?? '')?.[0];
    expect(notice?.subject).toBe('Резервная почта Kopilka изменена');
    expect(notice?.body).toBe(
      `Резервная почта вашего аккаунта Kopilka изменена на ne***@example.com; на этот адрес письма больше не придут. Вывод средств приостановлен на 24 часа.\n\nЕсли это были не вы, откройте ссылку — мы заблокируем аккаунт до проверки службой поддержки и завершим все сеансы:\n${link}\n\nСсылка действует 7 дней.`,
    );
  });

  const lastButtons = (): string[] | undefined =>
    bot.sent
      .at(-1)
      ?.reply_markup.inline_keyboard.flat()
      .map((button) => button.text);

  it.each([
    {
      language: 'en' as const,
      speaker: 'an English speaker',
      set: 'You set a passcode in Kopilka. Confirm it was you: the passcode works once confirmed.',
      reset:
        'Your Kopilka passcode was reset through your backup e-mail. The new passcode works once confirmed, and withdrawals pause for 24 hours. If this wasn\'t you, press "This wasn\'t me": we lock the account and end every session.',
      buttons: ['Confirm passcode', "This wasn't me"],
    },
    {
      language: 'ru' as const,
      speaker: 'a Russian speaker, in Russian',
      set: 'Вы установили код-пароль в Kopilka. Подтвердите, что это были вы: он заработает после подтверждения.',
      reset:
        'Код-пароль Kopilka сброшен через резервную почту. Новый код-пароль заработает после подтверждения, а вывод средств будет приостановлен на 24 часа. Если это были не вы, нажмите «Это был не я» — мы заблокируем аккаунт и завершим все сеансы.',
      buttons: ['Подтвердить код-пароль', 'Это был не я'],
    },
  ])(
    'asks $speaker to confirm a new passcode in the bot, and after a recovery offers the report too',
    async ({ language, set, reset, buttons }) => {
      const { userId, call } = await personSpeaking(server, language, clock.now);
      await confirmBackupEmail(server, call, userId);

      ok(await call('POST', '/security/pass-code', { code: '1234' }), resultAnswer);

      expect(bot.sent.at(-1)?.text).toBe(set);
      expect(lastButtons()).toEqual(buttons.slice(0, 1));

      advance(server, clock, minute + 1000);
      const mailConfirmationToken = await mailToken(server, call, userId, 'changePassCode');
      ok(await call('POST', '/security/pass-code/recovery', { code: '4321', mailConfirmationToken }), resultAnswer);

      expect(bot.sent.at(-1)?.text).toBe(reset);
      expect(lastButtons()).toEqual(buttons);
    },
  );

  it('masks an address to its first two letters, one letter when that is all, and hides one without a name', () => {
    expect(maskEmail('alice@example.com')).toBe('al***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskEmail('@example.com')).toBe('***');
    expect(maskEmail('nobody')).toBe('***');
  });
});

describe('a notice that cannot be delivered', () => {
  let server: TestServer;
  let bot: FakeBotApi;
  const clock = { now: new Date('2026-11-20T10:00:00Z') };
  const warnings: unknown[][] = [];
  /** Addresses whose mail the fake mailer refuses. */
  const unreachable = new Set<string>();

  beforeAll(async () => {
    bot = fakeBotApi();
    server = await createTestServer({
      now: clock.now,
      security: {
        botApi: bot,
        mailer: {
          send: async (mail) => {
            if (unreachable.has(mail.to)) throw new Error('Mailbox unavailable');
            await server.database.db.insert(outbox).values({
              userId: mail.userId,
              channel: 'email',
              recipient: mail.to,
              subject: mail.subject,
              body: mail.text,
            });
          },
        },
      },
    });
    // What the server logs at warning level, request by request.
    server.app.addHook('onRequest', async (request: FastifyRequest) => {
      request.log.warn = (...args: unknown[]) => {
        warnings.push(args);
      };
    });
  });
  afterAll(() => server.close());

  async function changeEmailOf(userId: number, call: Call, newEmail: string) {
    await confirmBackupEmail(server, call, userId, `first${userId}@example.com`);
    advance(server, clock, minute + 1000);
    const mailConfirmationToken = await mailToken(server, call, userId, 'change_email');
    advance(server, clock, minute + 1000);
    const { id } = ok(await call('POST', '/user/verify-email', { email: newEmail, mailConfirmationToken }), idAnswer);
    return { id, code: await latestCode(server.database, userId) };
  }

  it('is logged by channel, the old address’s mail here, while the change stands and the bot is told', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now);
    const confirmation = await changeEmailOf(userId, call, `second${userId}@example.com`);
    unreachable.add(`first${userId}@example.com`);
    warnings.length = 0;
    const sentBefore = bot.sent.length;

    expect(ok(await call('POST', '/user/confirm-email', confirmation), resultAnswer)).toEqual({ result: true });

    expect(warnings).toEqual([[{ channels: ['mail'] }, 'E-mail change notice not delivered']]);
    expect(bot.sent.length).toBe(sentBefore + 1);
    expect(z.parse(securityInfo, (await call('GET', '/security')).json()).email).toBe(`second${userId}@example.com`);
  });

  it('is logged as the bot when the bot cannot be reached', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now);
    const confirmation = await changeEmailOf(userId, call, `third${userId}@example.com`);
    warnings.length = 0;
    bot.failing = true;
    try {
      ok(await call('POST', '/user/confirm-email', confirmation), resultAnswer);
    } finally {
      bot.failing = false;
    }

    expect(warnings).toEqual([[{ channels: ['bot'] }, 'E-mail change notice not delivered']]);
  });

  it('logs nothing when a first address is confirmed', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now);
    warnings.length = 0;

    await confirmBackupEmail(server, call, userId, `only${userId}@example.com`);

    expect(warnings).toEqual([]);
  });

  it('logs nothing when both notices go out', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now);
    const confirmation = await changeEmailOf(userId, call, `fourth${userId}@example.com`);
    warnings.length = 0;

    ok(await call('POST', '/user/confirm-email', confirmation), resultAnswer);

    expect(warnings).toEqual([]);
  });
});

describe('links in local mode', () => {
  let server: TestServer;
  const clock = { now: new Date('2026-11-20T10:00:00Z') };
  const host = 'kopilka.localhost:5173';
  beforeAll(async () => {
    server = await createTestServer({ telegram: { localMode: true }, now: clock.now });
  });
  afterAll(() => server.close());

  const botMessages = async (userId: number) =>
    (await outboxOf(server.database, userId)).filter((message) => message.channel === 'telegram');

  it('point at the origin the person called from, for a passcode, a recovery and an e-mail change', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now, host);
    await confirmBackupEmail(server, call, userId);

    ok(await call('POST', '/security/pass-code', { code: '1234' }), resultAnswer);
    const [setting] = await botMessages(userId);
    expect(setting?.link).toMatch(/^http:\/\/kopilka\.localhost:5173\/confirm\/pass-code\?token=[\w-]{43}$/);

    advance(server, clock, minute + 1000);
    const mailConfirmationToken = await mailToken(server, call, userId, 'changePassCode');
    ok(await call('POST', '/security/pass-code/recovery', { code: '4321', mailConfirmationToken }), resultAnswer);
    const recovery = (await botMessages(userId)).at(-1);
    expect(recovery?.link).toMatch(/^http:\/\/kopilka\.localhost:5173\/confirm\/pass-code\?token=[\w-]{43}$/);
    // The local outbox lists the other buttons under the text.
    expect(recovery?.body).toMatch(
      /\n\nThis wasn't me: http:\/\/kopilka\.localhost:5173\/report\/takeover\?token=[\w-]{43}$/,
    );
  });

  it('point the e-mail change notices at the origin the person called from', async () => {
    const { userId, call } = await personSpeaking(server, 'en', clock.now, host);
    await confirmBackupEmail(server, call, userId, `here${userId}@example.com`);
    advance(server, clock, minute + 1000);
    const mailConfirmationToken = await mailToken(server, call, userId, 'change_email');
    advance(server, clock, minute + 1000);
    const { id } = ok(
      await call('POST', '/user/verify-email', { email: `there${userId}@example.com`, mailConfirmationToken }),
      idAnswer,
    );
    ok(
      await call('POST', '/user/confirm-email', { id, code: await latestCode(server.database, userId) }),
      resultAnswer,
    );

    const notice = (await botMessages(userId)).at(-1);
    expect(notice?.link).toMatch(/^http:\/\/kopilka\.localhost:5173\/report\/takeover\?token=[\w-]{43}$/);
    const [mail] = (await outboxOf(server.database, userId)).filter(
      (message) => message.recipient === `here${userId}@example.com` && message.subject.includes('changed'),
    );
    expect(mail?.body).toMatch(/\nhttp:\/\/kopilka\.localhost:5173\/report\/takeover\?token=[\w-]{43}\n/);
  });
});

describe('the Bot API adapters', () => {
  const request: SendMessageRequest = {
    chat_id: 42,
    text: 'Hello',
    reply_markup: {
      inline_keyboard: [
        [{ text: 'Open', url: 'https://a.example/open' }],
        [{ text: 'Report', url: 'https://a.example/report' }],
      ],
    },
  };
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts sendMessage as JSON to the bot’s own URL, and fails on a refusal naming its status', async () => {
    const posted: { url: string; body: string }[] = [];
    let answer = { ok: true, status: 200 };
    const api = telegramBotApi('123:secret', async (url, body) => {
      posted.push({ url, body });
      return answer;
    });

    await api.sendMessage(request);
    answer = { ok: false, status: 403 };
    await expect(api.sendMessage(request)).rejects.toThrow('Bot API sendMessage answered 403');

    expect(posted[0]?.url).toBe('https://api.telegram.org/bot123:secret/sendMessage');
    expect(JSON.parse(posted[0]?.body ?? '')).toEqual({
      chat_id: 42,
      text: 'Hello',
      reply_markup: {
        inline_keyboard: [
          [{ text: 'Open', url: 'https://a.example/open' }],
          [{ text: 'Report', url: 'https://a.example/report' }],
        ],
      },
    });
  });

  it('uses fetch with a JSON POST by default, and reads a failed answer’s status', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    let status = 200;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Response('{}', { status });
    });
    const api = telegramBotApi('123:secret');

    await api.sendMessage(request);
    status = 502;
    await expect(api.sendMessage(request)).rejects.toThrow('Bot API sendMessage answered 502');

    expect(calls[0]?.url).toBe('https://api.telegram.org/bot123:secret/sendMessage');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(String(calls[0]?.init?.body))).toMatchObject({ chat_id: 42, text: 'Hello' });
  });

  it('keeps a local message in the outbox: the first button as its link, the others under the text', async () => {
    const server = await createTestServer({ telegram: { localMode: true } });
    try {
      const { userId } = await signInTestUser(server.database);
      const api = outboxBotApi(server.database.db);

      await api.sendMessage({ ...request, chat_id: userId });
      await api.sendMessage({ chat_id: userId, text: 'No buttons', reply_markup: { inline_keyboard: [] } });

      const messages = await outboxOf(server.database, userId);
      expect(
        messages.map(({ channel, recipient, subject, body, link }) => ({ channel, recipient, subject, body, link })),
      ).toEqual([
        {
          channel: 'telegram',
          recipient: `chat ${userId}`,
          subject: 'Telegram bot',
          body: 'Hello\n\nReport: https://a.example/report',
          link: 'https://a.example/open',
        },
        { channel: 'telegram', recipient: `chat ${userId}`, subject: 'Telegram bot', body: 'No buttons', link: null },
      ]);
    } finally {
      await server.close();
    }
  });
});

/** A minimal SMTP server that keeps what it is sent (no TLS, no authentication). */
async function fakeSmtpServer() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let envelope = { from: '', to: [] as string[], data: '' };
    let inData = false;
    socket.write('220 fake.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(envelope);
            envelope = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else envelope.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 fake.test\r\n');
        else if (command === 'MAIL') {
          envelope.from = /<(.*)>/.exec(line)?.[1] ?? '';
          socket.write('250 OK\r\n');
        } else if (command === 'RCPT') {
          envelope.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
          socket.write('250 OK\r\n');
        } else if (command === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (command === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The fake SMTP server has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('e-mail through an SMTP server', () => {
  it('sends the code from MAIL_FROM to the address, with the subject and text of the outbox', async () => {
    const smtp = await fakeSmtpServer();
    const server = await createTestServer({
      security: { smtpUrl: smtp.url, mailFrom: 'Kopilka <codes@kopilka.test>' },
    });
    try {
      const { userId, token } = await signInTestUser(server.database);
      drawn.next = [123_456];

      ok(await callerFrom(server, token)('POST', '/user/verify-email', { email: 'smtp@example.com' }), idAnswer);

      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.from).toBe('codes@kopilka.test');
      expect(mail?.to).toEqual(['smtp@example.com']);
      // Long lines come soft-wrapped (quoted-printable); unwrap before reading the text.
      const data = (mail?.data ?? '').replaceAll('=\n', '');
      expect(data).toContain('From: Kopilka <codes@kopilka.test>\n');
      expect(data).toContain('To: smtp@example.com\n');
      expect(data).toContain('Subject: Your Kopilka confirmation code: 123456\n');
      expect(data).toContain(
        'Your confirmation code is 123456\n\nIt is valid for 10 minutes. Do not share it with anyone. If you did not ask for it, ignore this e-mail.',
      );
      expect(await outboxOf(server.database, userId)).toEqual([]);
    } finally {
      drawn.next = [];
      await server.close();
      await smtp.close();
    }
  });
});

describe('the security state of a device and of the settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('shows biometrics only for the device that has them, and in the settings for any of them', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const call = callerFrom(server, token);
    await confirmBackupEmail(server, call, userId, `bio${userId}@example.com`);
    const passCodeConfirmationToken = await issueToken(
      server.database.db,
      { userId, kind: 'confirmation', transactionType: 'addBiometric' },
      new Date(),
    );
    ok(await call('POST', '/security/biometric', { deviceId: 'phone-1', passCodeConfirmationToken }), tokenAnswer);

    const on = async (query: string) =>
      z.parse(securityInfo, (await call('GET', `/security${query}`)).json()).biometric;
    expect(await on('?deviceId=phone-1')).toBe(true);
    expect(await on('?deviceId=laptop-2')).toBe(false);
    expect(await on('')).toBe(false);
    expect(z.parse(userSettings, (await call('GET', '/user/settings')).json())).toMatchObject({
      biometric: true,
      passCode: false,
      email: `bio${userId}@example.com`,
      isEmailConfirmed: true,
    });
  });
});

describe('the pages behind the bot’s and the notices’ links', () => {
  let server: TestServer;
  let bot: FakeBotApi;
  beforeAll(async () => {
    bot = fakeBotApi();
    server = await createTestServer({ security: { botApi: bot } });
  });
  afterAll(() => server.close());

  const page = (method: 'GET' | 'POST', url: string, language: string, token?: string) =>
    server.app.inject({
      method,
      url,
      headers: {
        'accept-language': language,
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(method === 'POST' ? { payload: new URLSearchParams(token === undefined ? {} : { token }).toString() } : {}),
    });

  it('answer 404 “Link not valid” as an HTML page, in English and Russian, to a missing or unknown token', async () => {
    for (const url of ['/confirm/pass-code', '/report/takeover']) {
      for (const answer of [
        await page('GET', url, 'en'),
        await page('GET', `${url}?token=short`, 'en'),
        await page('POST', url, 'en', 'x'.repeat(43)),
        await page('POST', url, 'en'),
      ]) {
        expect(answer.statusCode).toBe(404);
        expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(answer.body).toContain('<title>Link not valid</title>');
        expect(answer.body).toContain('<p>This link was already used or has expired.</p>');
      }
      for (const russian of [await page('GET', url, 'ru'), await page('POST', url, 'ru', 'x'.repeat(43))]) {
        expect(russian.statusCode).toBe(404);
        expect(russian.body).toContain(
          '<h1>Ссылка недействительна</h1><p>Эта ссылка уже использована или устарела.</p>',
        );
      }
    }
  });

  it('show the confirm button that posts the token back to the same path, and then the passcode is confirmed', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const call = callerFrom(server, token);
    await confirmBackupEmail(server, call, userId);
    ok(await call('POST', '/security/pass-code', { code: '1234' }), resultAnswer);
    const link = new URL(botLinks(bot)[0] ?? '');
    const linkToken = link.searchParams.get('token') ?? '';

    const form = await page('GET', `${link.pathname}${link.search}`, 'en');
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(form.body).toContain(
      `<h1>Confirm your new passcode</h1><p>You set a new passcode in Kopilka. If it was you, confirm it; it starts working then.</p><form method="post" action="/confirm/pass-code"><input type="hidden" name="token" value="${linkToken}"><button type="submit">Confirm passcode</button></form>`,
    );

    const done = await page('POST', link.pathname, 'en', linkToken);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(
      '<h1>Passcode confirmed</h1><p>Your new passcode is active. You can return to the app.</p>',
    );
  });

  it('show the lock button of a report link, in English', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const call = callerFrom(server, token);
    await activatePassCode(server, call, userId, bot);
    const reportToken = await issueToken(server.database.db, { userId, kind: 'report_takeover' }, new Date());

    const form = await page('GET', `/report/takeover?token=${reportToken}`, 'en');

    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(
      `<form method="post" action="/report/takeover"><input type="hidden" name="token" value="${reportToken}"><button type="submit">Lock my account</button></form>`,
    );
    const done = await page('POST', '/report/takeover', 'en', reportToken);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(
      '<h1>Account locked</h1><p>Your account is locked and every session has ended. Sign in again and contact support to unlock it.</p>',
    );
  });
});

describe('the local mailbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ telegram: { localMode: true } });
  });
  afterAll(() => server.close());

  it('shows one user’s messages when asked, each with who, how, to whom and when, and a link only where there is one', async () => {
    const first = await signInTestUser(server.database);
    const second = await signInTestUser(server.database);
    const sent = new Date('2026-11-20T10:00:00.000Z');
    await server.database.db.insert(outbox).values([
      {
        userId: first.userId,
        channel: 'email',
        recipient: 'first@example.com',
        subject: 'First subject',
        body: 'First body',
        createdAt: sent,
      },
      {
        userId: second.userId,
        channel: 'telegram',
        recipient: `chat ${second.userId}`,
        subject: 'Second subject',
        body: 'Second body',
        link: 'https://a.example/confirm?token=t&x=1',
        createdAt: sent,
      },
    ]);

    const firstPage = await server.app.inject({ method: 'GET', url: `/local/mailbox?user_id=${first.userId}` });
    expect(firstPage.body).toContain(
      `<article data-user-id="${first.userId}" data-channel="email"><small>User ${first.userId} · email · first@example.com · 2026-11-20T10:00:00.000Z</small><h3>First subject</h3><pre>First body</pre></article>`,
    );
    expect(firstPage.body).not.toContain('Second subject');

    const secondPage = await server.app.inject({
      method: 'GET',
      url: `/local/mailbox?user_id=${second.userId}`,
      headers: { 'accept-language': 'ru' },
    });
    expect(secondPage.body).toContain(
      '<pre>Second body</pre><p><a href="https://a.example/confirm?token=t&amp;x=1">Открыть ссылку</a></p></article>',
    );
    expect(secondPage.body).not.toContain('First subject');

    const everyone = await server.app.inject({ method: 'GET', url: '/local/mailbox' });
    expect(everyone.body).toContain('First subject');
    expect(everyone.body).toContain('Second subject');
    // One message follows the other with nothing in between.
    expect(everyone.body).toContain('</article><article data-user-id=');
  });

  it('says there are no messages yet for a user without any, in English and Russian', async () => {
    const { userId } = await signInTestUser(server.database);

    const english = await server.app.inject({ method: 'GET', url: `/local/mailbox?user_id=${userId}` });
    const russian = await server.app.inject({
      method: 'GET',
      url: `/local/mailbox?user_id=${userId}`,
      headers: { 'accept-language': 'ru' },
    });

    expect(english.body).toContain('<p>No messages yet.</p>');
    expect(russian.body).toContain('<p>Сообщений пока нет.</p>');
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
