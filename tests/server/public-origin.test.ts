import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { defaultSessionPolicy } from '../../src/server/modules/auth/sessions';
import { botLink, caller, confirmBackupEmail, type FakeBotApi, fakeBotApi, ok, resultAnswer } from './helpers/security';
import { testBotToken } from './helpers/telegram';
import { createTestDatabase } from './helpers/test-database';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

describe('the origin of the links the server sends', () => {
  let server: TestServer;
  let bot: FakeBotApi;
  beforeAll(async () => {
    bot = fakeBotApi();
    server = await createTestServer({ security: { botApi: bot, publicUrl: 'https://wallet.example.com' } });
  });
  afterAll(() => server.close());

  it('is PUBLIC_URL whatever Host the request carried', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const call = caller(server, token);
    await confirmBackupEmail(server, call, userId);

    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/security/pass-code',
      headers: { authorization: `Bearer ${token}`, host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
      payload: { code: '1234' },
    });

    ok(response, resultAnswer);
    expect(new URL(botLink(bot)).origin).toBe('https://wallet.example.com');
  });

  it('must be configured outside local mode: the server refuses to build without it', async () => {
    const database = await createTestDatabase();
    try {
      await expect(
        buildApp({
          database: database.handle,
          appDir: null,
          logLevel: 'silent',
          validateResponses: true,
          telegram: {
            botToken: testBotToken,
            botId: Number(testBotToken.split(':')[0]),
            botUsername: 'kopilka_test_bot',
            localMode: false,
            initDataMaxAgeSeconds: 86_400,
          },
          sessions: defaultSessionPolicy,
        }),
      ).rejects.toThrow(/PUBLIC_URL/);
    } finally {
      await database.destroy();
    }
  });
});

describe('npm start in production', () => {
  it('exits non-zero naming BOT_TOKEN when it is missing, before building or opening anything', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kopilka-start-'));
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' };
    delete env.BOT_TOKEN;
    delete env.LOCAL_MODE;
    delete env.DATABASE_URL;

    const run = spawnSync(process.execPath, ['scripts/start.ts'], { env, encoding: 'utf8', timeout: 30_000 });

    expect(run.status).toBe(1);
    expect(run.stderr).toContain('BOT_TOKEN: required when NODE_ENV=production');
    // No generated bot token, no database: nothing of local mode came to be.
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
