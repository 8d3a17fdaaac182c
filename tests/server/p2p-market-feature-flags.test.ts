import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { userSettings } from '../../src/contract/settings';
import { loadConfig } from '../../src/server/config';
import { userSettings as userSettingsTable } from '../../src/server/db/schema/users';
import { sessionCookieName } from '../../src/server/modules/auth/sessions';
import {
  effectiveFeatureFlags,
  type FeatureFlagPolicy,
  featureFlagsOf,
  isTester,
} from '../../src/server/modules/settings/feature-flags';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function settingsOf(
  options: { readonly featureFlags?: FeatureFlagPolicy; readonly localMode?: boolean },
  stored: { readonly isTester?: boolean; readonly featureFlags?: Record<string, boolean> } = {},
) {
  server = await createTestServer({
    ...(options.featureFlags === undefined ? {} : { featureFlags: options.featureFlags }),
    ...(options.localMode === undefined ? {} : { telegram: { localMode: options.localMode } }),
  });
  const { userId, token } = await signInTestUser(server.database);
  if (stored.isTester !== undefined || stored.featureFlags !== undefined) {
    await server.database.db
      .update(userSettingsTable)
      .set({
        ...(stored.isTester === undefined ? {} : { isTester: stored.isTester }),
        ...(stored.featureFlags === undefined ? {} : { featureFlags: stored.featureFlags }),
      })
      .where(eq(userSettingsTable.userId, userId));
  }
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/v1/user/settings',
    cookies: { [sessionCookieName]: token },
  });
  expect(response.statusCode).toBe(200);
  const settings = z.parse(userSettings, response.json());
  return settings;
}

describe('the feature flags the settings answer shows', () => {
  it('are none outside local mode when nothing is configured', async () => {
    const settings = await settingsOf({});

    expect(settings.feature_flags).toEqual({});
    expect(settings.is_tester).toBe(false);
  });

  it('show the P2P market, its offers and its methods, and P2C with its banner, to everyone in local mode', async () => {
    const settings = await settingsOf({ localMode: true });

    expect(settings.feature_flags).toEqual({
      show_p2p: true,
      show_p2p_offers: true,
      show_p2p_methods: true,
      show_p2c: true,
      show_p2c_banner: true,
    });
  });

  it('give a tester listed by Telegram id the tester flags on top of the public ones', async () => {
    // TESTER_IDS is read once at start; the set is filled once the test users have their ids.
    const testerIds = new Set<number>();
    server = await createTestServer({
      featureFlags: { public: ['show_asset_chart'], tester: ['show_p2p', 'show_p2p_offers'], testerIds },
    });
    const tester = await signInTestUser(server.database);
    const someoneElse = await signInTestUser(server.database);
    testerIds.add(tester.userId);
    const answer = async (token: string) => {
      const response = await (server as TestServer).app.inject({
        method: 'GET',
        url: '/api/v1/user/settings',
        cookies: { [sessionCookieName]: token },
      });
      return z.parse(userSettings, response.json());
    };

    const testerAnswer = await answer(tester.token);
    const publicAnswer = await answer(someoneElse.token);

    expect(testerAnswer.is_tester).toBe(true);
    expect(testerAnswer.feature_flags).toEqual({ show_p2p: true, show_p2p_offers: true, show_asset_chart: true });
    expect(publicAnswer.is_tester).toBe(false);
    expect(publicAnswer.feature_flags).toEqual({ show_asset_chart: true });
  });

  it('give a user marked a tester in the database the tester flags', async () => {
    const settings = await settingsOf(
      { featureFlags: { public: [], tester: ['show_p2p'], testerIds: new Set() } },
      { isTester: true },
    );

    expect(settings.is_tester).toBe(true);
    expect(settings.feature_flags).toEqual({ show_p2p: true });
  });

  it('let a flag stored on the user override the public ones either way', async () => {
    const settings = await settingsOf(
      { localMode: true },
      { featureFlags: { show_p2p_offers: false, show_withdraw_basic_verification: true } },
    );

    expect(settings.feature_flags).toEqual({
      show_withdraw_basic_verification: true,
      show_p2p: true,
      show_p2p_offers: false,
      show_p2p_methods: true,
      show_p2c: true,
      show_p2c_banner: true,
    });
  });
});

describe('effective feature flags', () => {
  const policy: FeatureFlagPolicy = {
    public: ['show_p2p'],
    tester: ['show_p2p_offers', 'show_dev_portal'],
    testerIds: new Set([555]),
  };

  it('are the public flags for someone who is not a tester', () => {
    expect(effectiveFeatureFlags(policy, { userId: 1, isTester: false, storedFlags: {} })).toEqual({ show_p2p: true });
    expect(isTester(policy, { userId: 1, isTester: false })).toBe(false);
  });

  it('add the tester flags for a listed id and for a user marked a tester', () => {
    const expected = { show_p2p: true, show_p2p_offers: true, show_dev_portal: true };
    expect(effectiveFeatureFlags(policy, { userId: 555, isTester: false, storedFlags: {} })).toEqual(expected);
    expect(effectiveFeatureFlags(policy, { userId: 2, isTester: true, storedFlags: {} })).toEqual(expected);
  });

  it('let a stored flag win either way, and leave out names the app does not know', () => {
    expect(
      effectiveFeatureFlags(policy, {
        userId: 555,
        isTester: false,
        storedFlags: { show_p2p: false, show_p2c: true, show_casino: true },
      }),
    ).toEqual({ show_p2c: true, show_p2p: false, show_p2p_offers: true, show_dev_portal: true });
  });

  it('are read from the user’s settings row, and none for a user without one', async () => {
    const server = await createTestServer();
    try {
      const { userId } = await signInTestUser(server.database);
      await server.database.db
        .update(userSettingsTable)
        .set({ isTester: true, featureFlags: { show_p2c: true } })
        .where(eq(userSettingsTable.userId, userId));

      expect(await featureFlagsOf(server.database.db, policy, userId)).toEqual({
        show_p2c: true,
        show_p2p: true,
        show_p2p_offers: true,
        show_dev_portal: true,
      });
      expect(await featureFlagsOf(server.database.db, policy, 999_999_999)).toEqual({});
    } finally {
      await server.close();
    }
  });
});

describe('FEATURE_FLAGS, TESTER_FEATURE_FLAGS and TESTER_IDS', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'kopilka-flags-'));
  const production = {
    BOT_TOKEN: '7000000001:AAH-secret_x',
    BOT_USERNAME: 'kopilka_bot',
    PUBLIC_URL: 'https://wallet.example.com',
  };

  it('default to the P2P and P2C flags for everyone in local mode and for testers only elsewhere', () => {
    const local = loadConfig({ DATA_DIR: dataDir() }).featureFlags;
    const deployed = loadConfig({ DATA_DIR: dataDir(), ...production }).featureFlags;
    const released = ['show_p2p', 'show_p2p_offers', 'show_p2p_methods', 'show_p2c', 'show_p2c_banner'];

    expect(local.public).toEqual(released);
    expect(deployed.public).toEqual([]);
    expect(deployed.tester).toEqual(released);
    expect([...deployed.testerIds]).toEqual([]);
  });

  it('read flag names and tester ids separated by commas, and none for no flag', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ...production,
      FEATURE_FLAGS: 'show_p2p, show_p2p_methods',
      TESTER_FEATURE_FLAGS: 'none',
      TESTER_IDS: '12345,67890',
    }).featureFlags;

    expect(config.public).toEqual(['show_p2p', 'show_p2p_methods']);
    expect(config.tester).toEqual([]);
    expect([...config.testerIds]).toEqual([12345, 67890]);
  });

  it('refuses a flag name it does not know', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), FEATURE_FLAGS: 'show_p2p,show_casino' })).toThrow(
      /FEATURE_FLAGS: Expected feature flags separated by commas/,
    );
  });
});
