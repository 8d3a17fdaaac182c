import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { createSession } from '../../../src/server/modules/auth/sessions';
import { upsertUser } from '../../../src/server/modules/users/service';
import { seedCatalogue } from '../../../src/server/modules/wallet/seed';
import { createTestDatabase } from './test-database';

export interface TestServer {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  /** Moves the server's clock; sessions expire by it. */
  setNow(now: Date): void;
  close(): Promise<void>;
}

/**
 * The real app over a fresh, migrated and seeded database. `appDir` defaults to an empty temp
 * dir (no built app), the state of a fresh checkout.
 */
export async function createTestServer(options: { readonly appDir?: string } = {}): Promise<TestServer> {
  const testDatabase = await createTestDatabase();
  await seedCatalogue(testDatabase.handle.db);
  let now = new Date();
  const app = await buildApp({
    database: testDatabase.handle,
    appDir: options.appDir ?? mkdtempSync(join(tmpdir(), 'kopilka-app-')),
    logLevel: 'silent',
    validateResponses: true,
    now: () => now,
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
