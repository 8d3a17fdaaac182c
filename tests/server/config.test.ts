import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

const freshDataDir = () => mkdtempSync(join(tmpdir(), 'kopilka-config-'));

describe('loadConfig', () => {
  it('turns local mode on without BOT_TOKEN, generating a token into DATA_DIR readable by the owner only', () => {
    const dataDir = freshDataDir();

    const config = loadConfig({ DATA_DIR: dataDir });

    const path = join(dataDir, 'local-bot-token');
    expect(config.telegram.localMode).toBe(true);
    expect(config.telegram.generatedTokenPath).toBe(path);
    expect(config.telegram.botToken).toMatch(/^\d{10}:[A-Za-z0-9_-]{35}$/);
    expect(readFileSync(path, 'utf8').trim()).toBe(config.telegram.botToken);
    expect(config.telegram.botId).toBe(Number(config.telegram.botToken.split(':')[0]));
    expect(config.telegram.botUsername).toBe('kopilka_local_bot');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('reuses the generated token on the next start', () => {
    const dataDir = freshDataDir();

    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });

    expect(second.telegram.botToken).toBe(first.telegram.botToken);
  });

  it('refuses a token file that does not hold a token', () => {
    const dataDir = freshDataDir();
    writeFileSync(join(dataDir, 'local-bot-token'), 'garbage');

    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/local-bot-token/);
  });

  it('runs in local mode with the given token when LOCAL_MODE=1, and generates nothing', () => {
    const dataDir = freshDataDir();

    const config = loadConfig({ DATA_DIR: dataDir, LOCAL_MODE: '1', BOT_TOKEN: '123456:test-secret' });

    expect(config.telegram).toMatchObject({
      localMode: true,
      botToken: '123456:test-secret',
      botId: 123456,
      generatedTokenPath: null,
    });
    expect(() => statSync(join(dataDir, 'local-bot-token'))).toThrow();
  });

  it('runs outside local mode with BOT_TOKEN, BOT_USERNAME and PUBLIC_URL, on every interface', () => {
    const config = loadConfig({
      DATA_DIR: freshDataDir(),
      BOT_TOKEN: '7000000001:AAH-secret_x',
      BOT_USERNAME: 'kopilka_bot',
      PUBLIC_URL: 'https://wallet.example.com',
    });

    expect(config.telegram).toMatchObject({ localMode: false, botId: 7000000001, botUsername: 'kopilka_bot' });
    expect(config.host).toBe('0.0.0.0');
  });

  it('listens on loopback only in local mode unless HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: freshDataDir() }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: freshDataDir(), LOCAL_MODE: '1', BOT_TOKEN: '123456:test-secret' }).host).toBe(
      '127.0.0.1',
    );
    expect(loadConfig({ DATA_DIR: freshDataDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('turns local mode on without BOT_TOKEN whenever NODE_ENV says anything but production', () => {
    expect(loadConfig({ DATA_DIR: freshDataDir(), NODE_ENV: 'development' }).telegram.localMode).toBe(true);
    expect(loadConfig({ DATA_DIR: freshDataDir(), NODE_ENV: 'test' }).telegram.localMode).toBe(true);
  });

  it.each([
    [{ NODE_ENV: 'production' }, /BOT_TOKEN: required when NODE_ENV=production/],
    [
      {
        NODE_ENV: 'production',
        LOCAL_MODE: '1',
        BOT_TOKEN: '7000000001:AAH-secret',
        BOT_USERNAME: 'kopilka_bot',
        PUBLIC_URL: 'https://wallet.example.com',
      },
      /LOCAL_MODE: local mode is refused when NODE_ENV=production/,
    ],
    [{ NODE_ENV: 'production', BOT_TOKEN: '7000000001:AAH-secret', BOT_USERNAME: 'kopilka_bot' }, /PUBLIC_URL/],
  ])('never opens local mode in production: refuses %o', (env, problem) => {
    const dataDir = freshDataDir();

    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(problem);
    expect(() => statSync(join(dataDir, 'local-bot-token'))).toThrow();
  });

  it('runs in production with a real bot and a public origin', () => {
    const config = loadConfig({
      DATA_DIR: freshDataDir(),
      NODE_ENV: 'production',
      BOT_TOKEN: '7000000001:AAH-secret',
      BOT_USERNAME: 'kopilka_bot',
      PUBLIC_URL: 'https://wallet.example.com',
    });

    expect(config.telegram.localMode).toBe(false);
    expect(config.mail.publicUrl).toBe('https://wallet.example.com');
  });

  it.each([
    [{ BOT_TOKEN: '7000000001:AAH-secret', PUBLIC_URL: 'https://wallet.example.com' }, /BOT_USERNAME/],
    [{ BOT_TOKEN: '7000000001:AAH-secret', BOT_USERNAME: 'kopilka_bot' }, /PUBLIC_URL/],
    [{ BOT_TOKEN: 'no-colon', BOT_USERNAME: 'kopilka_bot' }, /BOT_TOKEN/],
    [{ BOT_TOKEN: '0123:secret', BOT_USERNAME: 'kopilka_bot' }, /BOT_TOKEN/],
    [{ LOCAL_MODE: '0' }, /BOT_TOKEN/],
    [{ SESSION_IDLE_TIMEOUT: 'a week' }, /SESSION_IDLE_TIMEOUT/],
  ])('refuses %o', (env, problem) => {
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), ...env })).toThrow(problem);
  });

  it('reads durations in seconds or with a unit, with the documented defaults', () => {
    const defaults = loadConfig({ DATA_DIR: freshDataDir() });
    const custom = loadConfig({
      DATA_DIR: freshDataDir(),
      SESSION_IDLE_TIMEOUT: '12h',
      SESSION_MAX_AGE: '90d',
      INIT_DATA_MAX_AGE_SECONDS: '3600',
      TRUST_PROXY: '1',
    });

    expect(defaults.sessions).toEqual({ idleTimeoutMs: 7 * 86_400_000, maxAgeMs: 30 * 86_400_000 });
    expect(defaults.telegram.initDataMaxAgeSeconds).toBe(86_400);
    expect(defaults.trustProxy).toBe(false);
    expect(custom.sessions).toEqual({ idleTimeoutMs: 12 * 3_600_000, maxAgeMs: 90 * 86_400_000 });
    expect(custom.telegram.initDataMaxAgeSeconds).toBe(3600);
    expect(custom.trustProxy).toBe(true);
  });
});

describe('loadConfig for mail and bot links', () => {
  it('keeps mail in the outbox unless SMTP_URL is given, and takes the origin of PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: freshDataDir() }).mail).toEqual({});

    const config = loadConfig({
      DATA_DIR: freshDataDir(),
      SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
      MAIL_FROM: 'Kopilka <no-reply@example.com>',
      PUBLIC_URL: 'https://wallet.example.com/app/',
    });

    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:secret@smtp.example.com:465',
      mailFrom: 'Kopilka <no-reply@example.com>',
      publicUrl: 'https://wallet.example.com',
    });
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
  });

  it('restricts KP, IR, SY and CU unless RESTRICTED_COUNTRIES says otherwise, or none', () => {
    const config = (value?: string) =>
      loadConfig({ DATA_DIR: freshDataDir(), ...(value === undefined ? {} : { RESTRICTED_COUNTRIES: value }) });

    expect(config().restrictedCountries).toEqual(['KP', 'IR', 'SY', 'CU']);
    expect(config('').restrictedCountries).toEqual(['KP', 'IR', 'SY', 'CU']);
    expect(config('RU, BY,RU').restrictedCountries).toEqual(['RU', 'BY']);
    expect(config('none').restrictedCountries).toEqual([]);
  });

  it.each(['ru', 'RUS', 'RU;BY', 'RU,', 'NONE'])('refuses RESTRICTED_COUNTRIES=%s', (value) => {
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), RESTRICTED_COUNTRIES: value })).toThrow(/RESTRICTED_COUNTRIES/);
  });
});
