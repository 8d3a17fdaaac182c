import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type SecurityDependencies } from '../../../src/server/app';
import type { DatabaseHandle } from '../../../src/server/db/database';
import type { RateLimitOverrides } from '../../../src/server/http/rate-limit';
import type { ReferencePriceFeed } from '../../../src/server/integrations/prices/price-feed';
import type { TelegramSettings } from '../../../src/server/integrations/telegram/settings';
import { createSession, defaultSessionPolicy, type SessionPolicy } from '../../../src/server/modules/auth/sessions';
import type { P2cLiveEvents } from '../../../src/server/modules/p2c-payments/live-events';
import type { PaymentMethodUsage } from '../../../src/server/modules/p2p-payment-methods/usage';
import type { FeatureFlagPolicy } from '../../../src/server/modules/settings/feature-flags';
import type { FileStore } from '../../../src/server/modules/uploads/file-store';
import { upsertUser } from '../../../src/server/modules/users/service';
import { seedCatalogue } from '../../../src/server/modules/wallet/seed';
import { testBotToken } from './telegram';
import { createTestDatabase } from './test-database';

/** The public origin of test servers outside local mode (`.test` is reserved, RFC 2606). */
export const testPublicUrl = 'https://wallet.kopilka.test';

export interface TestServer {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  /** Moves the server's clock; sessions expire by it. */
  setNow(now: Date): void;
  close(): Promise<void>;
}

export interface TestServerOptions {
  readonly appDir?: string;
  /** Overrides of the test bot (token {@link testBotToken}, outside local mode by default). */
  readonly telegram?: Partial<TelegramSettings>;
  readonly sessions?: Partial<SessionPolicy>;
  readonly trustProxy?: boolean;
  /** Mail and Bot API fakes. */
  readonly security?: SecurityDependencies;
  /** Build over this database instead of a fresh one (a restart); it is not closed with the server. */
  readonly database?: DatabaseHandle;
  readonly now?: Date;
  /** Replaced rate-limit rules; the defaults otherwise. */
  readonly rateLimits?: RateLimitOverrides;
  /** Where uploads go; a fresh temp folder otherwise. */
  readonly fileStore?: FileStore;
  /** RESTRICTED_COUNTRIES; the configuration's default otherwise. */
  readonly restrictedCountries?: readonly string[];
  /** Telegram ids of the compliance operators; none otherwise. */
  readonly operatorIds?: readonly number[];
  /** The server's connection timeouts; the defaults otherwise. */
  readonly timeouts?: { readonly idleMs: number; readonly requestMs: number };
  /** Receives the server's log lines at level info; silent otherwise. */
  readonly logStream?: { write(line: string): void };
  /** Public and tester feature flags; outside local mode none is public by default. */
  readonly featureFlags?: FeatureFlagPolicy;
  /** The reference prices; the stored (seeded) ones, unmoving, otherwise. */
  readonly priceFeed?: ReferencePriceFeed;
  /** Whether an offer lists a saved payment method; none does otherwise. */
  readonly paymentMethodUsage?: PaymentMethodUsage;
  /** Accept new P2P orders at once (the app's default); false keeps them `processed`. */
  readonly p2pAutoAccept?: boolean;
  /** Where P2C payment changes are announced; a fresh in-process one otherwise. */
  readonly p2cLiveEvents?: P2cLiveEvents;
}

/**
 * The real app over a fresh, migrated and seeded database. `appDir` defaults to an empty temp
 * dir (no built app), the state of a fresh checkout.
 */
export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const testDatabase =
    options.database === undefined
      ? await createTestDatabase()
      : { handle: options.database, destroy: () => Promise.resolve() };
  if (options.database === undefined) await seedCatalogue(testDatabase.handle.db);
  let now = options.now ?? new Date();
  const app = await buildApp({
    database: testDatabase.handle,
    appDir: options.appDir ?? mkdtempSync(join(tmpdir(), 'kopilka-app-')),
    logLevel: options.logStream === undefined ? 'silent' : 'info',
    ...(options.logStream === undefined ? {} : { logStream: options.logStream }),
    ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
    validateResponses: true,
    now: () => now,
    telegram: {
      botToken: testBotToken,
      botId: Number(testBotToken.split(':')[0]),
      botUsername: 'kopilka_test_bot',
      localMode: false,
      initDataMaxAgeSeconds: 86_400,
      ...options.telegram,
    },
    sessions: { ...defaultSessionPolicy, ...options.sessions },
    trustProxy: options.trustProxy ?? false,
    ...(options.rateLimits === undefined ? {} : { rateLimits: options.rateLimits }),
    ...(options.fileStore === undefined ? {} : { fileStore: options.fileStore }),
    ...(options.restrictedCountries === undefined ? {} : { restrictedCountries: options.restrictedCountries }),
    ...(options.operatorIds === undefined ? {} : { operatorIds: options.operatorIds }),
    ...(options.featureFlags === undefined ? {} : { featureFlags: options.featureFlags }),
    ...(options.priceFeed === undefined ? {} : { priceFeed: options.priceFeed }),
    ...(options.paymentMethodUsage === undefined ? {} : { paymentMethodUsage: options.paymentMethodUsage }),
    ...(options.p2pAutoAccept === undefined ? {} : { p2pAutoAccept: options.p2pAutoAccept }),
    ...(options.p2cLiveEvents === undefined ? {} : { p2cLiveEvents: options.p2cLiveEvents }),
    // Outside local mode the server must know its public origin; tests use a reserved name.
    security: {
      ...(options.telegram?.localMode === true ? {} : { publicUrl: testPublicUrl }),
      ...options.security,
    },
  });
  return {
    app,
    database: testDatabase.handle,
    setNow: (next) => {
      now = next;
    },
    close: async () => {
      await app.close();
      await testDatabase.destroy();
    },
  };
}

let nextUserId = 100_000_001;

/** Creates a user with default settings and a session, as sign-in will; returns the raw token. */
export async function signInTestUser(
  database: DatabaseHandle,
  options: { readonly now?: Date; readonly lifetimeMs?: number } = {},
): Promise<{ readonly userId: number; readonly token: string }> {
  const userId = nextUserId++;
  await upsertUser(database.db, { id: userId, firstName: 'Alice', username: `alice${userId}` });
  const { token } = await createSession(database.db, userId, options);
  return { userId, token };
}
