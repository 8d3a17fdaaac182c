import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, wrapPglite } from '../../../src/server/db/client';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { migrationsFolder } from '../../../src/server/db/migrations';

export interface TestDatabase {
  readonly handle: DatabaseHandle;
  /** Closes the database and, on PostgreSQL, drops it. */
  destroy(): Promise<void>;
}

/** A digest of the migrations, so a cached snapshot is rebuilt whenever a migration changes. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A fresh in-memory PGlite, already migrated. Creating a PGlite runs initdb in WASM (seconds), so
 * the first test file to need one saves a migrated snapshot in the temp dir and every later one
 * loads it (a fraction of a second).
 */
async function createPgliteDatabase(): Promise<TestDatabase> {
  const snapshotPath = join(tmpdir(), `kopilka-pglite-${migrationsDigest()}.tar.gz`);
  let client: PGlite;
  if (existsSync(snapshotPath)) {
    client = await PGlite.create({ loadDataDir: new Blob([readFileSync(snapshotPath)]) });
  } else {
    client = await PGlite.create();
    await wrapPglite(client).migrate();
    const snapshot = await client.dumpDataDir('gzip');
    // Write then rename: test files running in parallel never read a half-written snapshot.
    const partialPath = `${snapshotPath}.${process.pid}.${randomUUID()}`;
    writeFileSync(partialPath, new Uint8Array(await snapshot.arrayBuffer()));
    renameSync(partialPath, snapshotPath);
  }
  const handle = wrapPglite(client);
  return { handle, destroy: () => handle.close() };
}

async function waitForBackendsToLeave(admin: pg.Client, database: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const result = await admin.query<{ count: string }>(
      'SELECT count(*)::text AS count FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    if (result.rows[0]?.count === '0') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A uniquely named database created through the admin connection, migrated, dropped afterwards. */
async function createPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `kopilka_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  await handle.migrate();
  return {
    handle,
    destroy: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        // pool.end() resolves before the server has seen each client leave; dropping WITH (FORCE)
        // at that moment kills a closing client, which then raises an error nobody listens to.
        await waitForBackendsToLeave(dropper, name);
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** PGlite in memory by default; a fresh PostgreSQL database when TEST_DATABASE_URL is set. */
export function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl === undefined || adminUrl === '' ? createPgliteDatabase() : createPostgresDatabase(adminUrl);
}
