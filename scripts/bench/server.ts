// The bench's server and databases: the real app built in this process on PGlite (a temporary
// directory) or on a throwaway PostgreSQL 15 cluster, listening on 127.0.0.1 only, and users
// signed in through the API with init data signed by the bench's local bot token.
// Loaded after scripts/bench.ts registers tsx, so the server's own imports resolve.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signedInitData } from '../../e2e/support/auth.ts';
import { buildApp } from '../../src/server/app.ts';
import { openPglite, openPostgres } from '../../src/server/db/client.ts';
import { defaultSessionPolicy, sessionCookieName } from '../../src/server/modules/auth/sessions.ts';
import { seedCatalogue } from '../../src/server/modules/wallet/seed.ts';
import { freePort } from '../free-port.ts';

export type DatabaseHandle = Awaited<ReturnType<typeof openPglite>>;
export type RateLimitOverrides = Parameters<typeof buildApp>[0]['rateLimits'];

const botToken = '7000000099:bench-secret-not-for-production';

/** A signed-in user: the bearer token (the mini app's way) and the cookie (the web's). */
export interface Client {
  readonly origin: string;
  readonly userId: number;
  readonly token: string;
  /** The `Cookie` header value that carries the session. */
  readonly cookie: string;
}

/** The app on the database, listening on a spare port of 127.0.0.1, in local mode (chain simulator on). */
export async function listening(database: DatabaseHandle, rateLimits?: RateLimitOverrides) {
  const app = await buildApp({
    database,
    appDir: null,
    logLevel: 'silent',
    validateResponses: false,
    telegram: {
      botToken,
      botId: Number(botToken.split(':')[0]),
      botUsername: 'kopilka_bench_bot',
      localMode: true,
      initDataMaxAgeSeconds: 86_400,
    },
    sessions: defaultSessionPolicy,
    ...(rateLimits === undefined ? {} : { rateLimits }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The server has no port');
  return { app, origin: `http://127.0.0.1:${address.port}` };
}

export async function signIn(origin: string, userId: number): Promise<Client> {
  const response = await fetch(`${origin}/api/v1/authentication/webapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      initData: signedInitData({ id: userId, first_name: `Bench ${userId}`, language_code: 'en' }, { botToken }),
    }),
  });
  const token = response.headers.get('x-session-token');
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${sessionCookieName}=`));
  if (response.status !== 200 || token === null) throw new Error(`Sign-in answered ${response.status}`);
  return { origin, userId, token, cookie: cookie ?? `${sessionCookieName}=${token}` };
}

// ---- Databases ----

const pgBin = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

/** The command line of a PostgreSQL tool, run as the postgres user when we are root. */
function pgCommand(command: string, args: readonly string[]): [string, string[]] {
  const binary = join(pgBin, command);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, [...args]];
}

function runPg(command: string, args: readonly string[]): void {
  const result = spawnSync(...pgCommand(command, args), { stdio: 'pipe', encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

type Measure = (label: string, database: DatabaseHandle) => Promise<void>;

/**
 * Runs `work`; a bench stopped from outside meanwhile (CI's time limit sends SIGTERM) still runs
 * `cleanUp` before it ends. `cleanUp` must be synchronous: nothing else runs after a signal.
 */
async function cleanedUpEvenOnSignal(work: () => Promise<void>, cleanUp: () => void): Promise<void> {
  const onSignal = (signal: NodeJS.Signals) => {
    cleanUp();
    process.kill(process.pid, signal);
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  try {
    await work();
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    cleanUp();
  }
}

/** Migrated and seeded with the asset catalogue, as the server does at start. */
async function prepared(database: DatabaseHandle): Promise<DatabaseHandle> {
  await database.migrate();
  await seedCatalogue(database.db);
  return database;
}

export async function withPglite(measure: Measure): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kopilka-bench-pglite-'));
  await cleanedUpEvenOnSignal(
    async () => {
      const database = await prepared(await openPglite(dir));
      try {
        await measure('PGlite (embedded, on disk)', database);
      } finally {
        await database.close();
      }
    },
    () => rmSync(dir, { recursive: true, force: true }),
  );
}

export async function withPostgres(measure: Measure): Promise<void> {
  if (!existsSync(join(pgBin, 'initdb')) || !existsSync(join(pgBin, 'pg_ctl'))) {
    console.log(`\nPostgreSQL: skipped, no initdb/pg_ctl in ${pgBin} (install postgresql-15 or set PG_BIN).`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'kopilka-bench-pg-'));
  if (asRoot) {
    const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(owner.stdout.trim()), Number(group.stdout.trim()));
  }
  const port = await freePort();
  const data = join(dir, 'data');
  let started = false;
  await cleanedUpEvenOnSignal(
    async () => {
      runPg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8']);
      runPg('pg_ctl', [
        '-D',
        data,
        '-l',
        join(dir, 'server.log'),
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`,
        'start',
      ]);
      started = true;
      const database = await prepared(openPostgres(`postgres://postgres@127.0.0.1:${port}/postgres`));
      try {
        await measure(`PostgreSQL 15 (throwaway cluster on 127.0.0.1:${port})`, database);
      } finally {
        await database.close();
      }
    },
    () => {
      if (started) spawnSync(...pgCommand('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']), { stdio: 'ignore' });
      started = false;
      rmSync(dir, { recursive: true, force: true });
    },
  );
}
