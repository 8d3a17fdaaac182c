import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { userSettings } from '../../src/contract/settings';
import { outbox } from '../../src/server/db/schema/security';
import { redactUrl } from '../../src/server/logging';
import { caller, confirmBackupEmail, ok, openLink, outboxOf, resultAnswer } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

describe('the local mailbox page in local mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ telegram: { localMode: true } });
  });
  afterAll(() => server.close());

  it('lists a user’s e-mail codes, escaped, in English or Russian', async () => {
    const { userId, token } = await signInTestUser(server.database);
    await confirmBackupEmail(server, caller(server, token), userId);
    const mails = await outboxOf(server.database, userId);

    const english = await server.app.inject({ method: 'GET', url: `/local/mailbox?user_id=${userId}` });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/html');
    expect(english.body).toContain('Local mailbox');
    expect(english.body).toContain(mails[0]?.subject ?? 'missing');

    const russian = await server.app.inject({
      method: 'GET',
      url: `/local/mailbox?user_id=${userId}`,
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
    });
    expect(russian.body).toContain('Локальный почтовый ящик');
  });

  it('escapes what it shows', async () => {
    const { userId } = await signInTestUser(server.database);
    await server.database.db.insert(outbox).values({
      userId,
      channel: 'email',
      recipient: 'x@example.com',
      subject: '<script>alert(1)</script>',
      body: 'b',
    });

    const page = await server.app.inject({ method: 'GET', url: `/local/mailbox?user_id=${userId}` });
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;');
  });

  it('carries the bot’s confirmation link, which activates the passcode', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const call = caller(server, token);
    await confirmBackupEmail(server, call, userId);
    ok(await call('POST', '/security/pass-code', { code: '1234' }), resultAnswer);

    const message = (await outboxOf(server.database, userId)).find((entry) => entry.channel === 'telegram');
    expect(message?.link).toMatch(/\/confirm\/pass-code\?token=/);
    const page = await server.app.inject({ method: 'GET', url: `/local/mailbox?user_id=${userId}` });
    expect(page.body).toContain('/confirm/pass-code?token=');

    expect((await openLink(server, message?.link ?? '')).statusCode).toBe(200);
    expect(z.parse(userSettings, (await call('GET', '/user/settings')).json()).passCode).toBe(true);
  });
});

describe('the local mailbox page outside local mode', () => {
  it('does not exist', async () => {
    const server = await createTestServer();
    try {
      const response = await server.app.inject({ method: 'GET', url: '/local/mailbox' });
      expect(response.statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('request logging', () => {
  it('keeps query values such as the confirmation token out of the logged URL', () => {
    expect(redactUrl('/confirm/pass-code?token=secret-value&x=1')).toBe('/confirm/pass-code?token=…&x=…');
  });
});
