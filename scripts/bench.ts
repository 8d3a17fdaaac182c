// `npm run bench`: how much one account hammering passcode checks slows everyone else.
//
// For each database (embedded PGlite in a temporary directory, then a throwaway PostgreSQL 15
// cluster when its binaries are installed) it builds the server in this process, listens on
// 127.0.0.1 only, signs users in through the API with init data signed by the local bot token,
// gives one of them a passcode (e-mail code and bot link read from the outbox), and measures the
// other users' requests (GET /user/settings, GET /security) first idle, then while that one
// account sends passcode checks as fast as it can. It prints p50/p99 of both and their ratio.
// The hammering client runs in a worker thread, so its own HTTP work stays off the server's event
// loop. Every loop is bounded by time and count; the temporary data and the cluster are removed.
//
// The passcode rate limit is lifted for the hammering account (every check costs an argon2
// verification), so this measures the worst case the limit would otherwise hide.
//
// A third phase hammers a second server instance on the same database that keeps the default
// limits (10 passcode checks a minute per account), which is what a real account can do.
//
// Settings (environment): BENCH_SECONDS per phase (5), BENCH_USERS other users (8), BENCH_PAUSE_MS
// between one user's requests (20), BENCH_HAMMER parallel checks of the hammering account (4),
// BENCH_DATABASES (pglite,postgres), PG_BIN (/usr/lib/postgresql/15/bin).
// Runs under Node 24's type stripping (erasable TypeScript); the server loads through tsx.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { register } from 'tsx/esm/api';
import * as z from 'zod/mini';

register();
const { buildApp } = await import('../src/server/app.ts');
const { openPglite, openPostgres } = await import('../src/server/db/client.ts');
const { outbox } = await import('../src/server/db/schema/security.ts');
const { defaultSessionPolicy } = await import('../src/server/modules/auth/sessions.ts');
const { seedCatalogue } = await import('../src/server/modules/wallet/seed.ts');
const { and, desc, eq } = await import('drizzle-orm');

type DatabaseHandle = Awaited<ReturnType<typeof openPglite>>;

const phaseMs = 1000 * Number(process.env.BENCH_SECONDS || '5');
const userCount = Number(process.env.BENCH_USERS || '8');
const hammerCount = Number(process.env.BENCH_HAMMER || '4');
const pauseMs = Number(process.env.BENCH_PAUSE_MS || '20');
const databases = (process.env.BENCH_DATABASES || 'pglite,postgres').split(',');
const pgBin = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
/** No phase sends more than this many requests, whatever the machine. */
const maxRequestsPerPhase = 200_000;

const botToken = '7000000099:bench-secret-not-for-production';
const passCode = '1234';

// ---- Telegram init data, signed as Telegram does (HMAC-SHA256 keyed by "WebAppData") ----

function signedInitData(userId: number): string {
  const fields: Record<string, string> = {
    user: JSON.stringify({ id: userId, first_name: `Bench ${userId}`, language_code: 'en' }),
    auth_date: String(Math.floor(Date.now() / 1000)),
  };
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(checkString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

// ---- HTTP over loopback ----

interface Client {
  readonly origin: string;
  readonly token: string;
}

async function request(
  client: Client,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${client.origin}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${client.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? null : JSON.parse(text) };
}

async function signIn(origin: string, userId: number): Promise<Client> {
  const response = await fetch(`${origin}/api/v1/authentication/webapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ initData: signedInitData(userId) }),
  });
  const token = response.headers.get('x-session-token');
  if (response.status !== 200 || token === null) throw new Error(`Sign-in answered ${response.status}`);
  return { origin, token };
}

function field(value: unknown, name: string): string {
  if (typeof value === 'object' && value !== null && name in value) {
    const found: unknown = Reflect.get(value, name);
    if (typeof found === 'string') return found;
  }
  throw new Error(`The answer has no ${name}: ${JSON.stringify(value)}`);
}

/** Confirmed e-mail, passcode set and confirmed through the bot's link, all read from the outbox. */
async function givePassCode(database: DatabaseHandle, client: Client, userId: number): Promise<void> {
  const sent = await request(client, 'POST', '/user/verify-email', { email: `bench${userId}@example.com` });
  const id = field(sent.json, 'id');
  const [mail] = await database.db
    .select({ subject: outbox.subject, body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.channel, 'email')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(`${mail?.subject ?? ''} ${mail?.body ?? ''}`)?.[1];
  if (code === undefined) throw new Error('No e-mail code in the outbox');
  const confirmed = await request(client, 'POST', '/user/confirm-email', { id, code });
  if (confirmed.status !== 200) throw new Error(`confirm-email answered ${confirmed.status}`);
  const set = await request(client, 'POST', '/security/pass-code', { code: passCode });
  if (set.status !== 200) throw new Error(`set-passcode answered ${set.status}`);
  const [message] = await database.db
    .select({ link: outbox.link })
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.channel, 'telegram')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const link = new URL(message?.link ?? '', client.origin);
  const opened = await fetch(`${client.origin}${link.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: link.searchParams.get('token') ?? '' }).toString(),
  });
  if (opened.status !== 200) throw new Error(`The bot's confirmation link answered ${opened.status}`);
  const check = await request(client, 'POST', '/security/pass-code/token', {
    code: passCode,
    transactionType: 'p2p',
    hash: 'bench',
  });
  if (check.status !== 200) throw new Error(`The first passcode check answered ${check.status}`);
}

// ---- Measuring ----

interface Phase {
  readonly latencies: number[];
  readonly failures: number;
}

/** Every other user sends its requests one after another until the phase ends. */
async function othersPhase(others: readonly Client[], ms: number): Promise<Phase> {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + ms;
  const paths = ['/user/settings', '/security'];
  await Promise.all(
    others.map(async (client, index) => {
      for (let step = index; performance.now() < deadline && latencies.length < maxRequestsPerPhase; step += 1) {
        const started = performance.now();
        const answer = await request(client, 'GET', paths[step % paths.length] ?? '/user/settings');
        latencies.push(performance.now() - started);
        if (answer.status !== 200) failures += 1;
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }),
  );
  return { latencies, failures };
}

/**
 * The hammering account's client, in a worker thread of its own: its HTTP work does not share
 * the server's event loop, as it would not in life. Plain JavaScript, evaluated by the worker.
 */
const hammerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { origin, token, concurrency, code, max } = workerData;
let running = true;
let checks = 0;
const statuses = {};
parentPort.once('message', () => { running = false; });
const loop = async () => {
  while (running && checks < max) {
    const response = await fetch(origin + '/api/v1/security/pass-code/token', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
      body: JSON.stringify({ code, transactionType: 'p2p', hash: 'bench' }),
    });
    await response.arrayBuffer();
    checks += 1;
    statuses[response.status] = (statuses[response.status] || 0) + 1;
  }
};
Promise.all(Array.from({ length: concurrency }, loop)).then(() => parentPort.postMessage({ checks, statuses }));
`;

const hammerResult = z.object({ checks: z.number(), statuses: z.record(z.string(), z.number()) });

/** The hammering account: passcode checks, `hammerCount` at a time, until told to stop. */
function hammer(client: Client): { stop: () => Promise<{ checks: number; statuses: Map<number, number> }> } {
  const worker = new Worker(hammerSource, {
    eval: true,
    workerData: {
      origin: client.origin,
      token: client.token,
      concurrency: hammerCount,
      code: passCode,
      max: maxRequestsPerPhase,
    },
  });
  const done = new Promise<unknown>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const result = z.parse(hammerResult, await done);
      await worker.terminate();
      return {
        checks: result.checks,
        statuses: new Map(Object.entries(result.statuses).map(([status, n]) => [Number(status), n])),
      };
    },
  };
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

type RateLimitOverrides = Parameters<typeof buildApp>[0]['rateLimits'];

async function listening(database: DatabaseHandle, rateLimits: RateLimitOverrides) {
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

function report(label: string, phase: Phase, idle: Phase | null): void {
  const p50 = percentile(phase.latencies, 0.5);
  const p99 = percentile(phase.latencies, 0.99);
  const ratio =
    idle === null
      ? ''
      : `; ×${(p50 / percentile(idle.latencies, 0.5)).toFixed(2)} and ×${(p99 / percentile(idle.latencies, 0.99)).toFixed(2)} of idle`;
  console.log(
    `  ${label.padEnd(34)} p50 ${ms(p50)}, p99 ${ms(p99)} (${phase.latencies.length} requests, ${phase.failures} not 200${ratio})`,
  );
}

function statusList(statuses: Map<number, number>): string {
  return [...statuses].map(([status, n]) => `${n}× ${status}`).join(', ');
}

async function run(kind: string, database: DatabaseHandle): Promise<void> {
  await database.migrate();
  await seedCatalogue(database.db);
  // The other users and the unlimited hammering go to the first instance; the second one, on the
  // same database, keeps the default limits.
  const { app, origin } = await listening(database, { pass_code_token: {} });
  const limited = await listening(database, undefined);
  try {
    const hammerId = 8_100_000_000;
    const hammerClient = await signIn(origin, hammerId);
    await givePassCode(database, hammerClient, hammerId);
    const others: Client[] = [];
    for (let index = 1; index <= userCount; index += 1) others.push(await signIn(origin, hammerId + index));

    await othersPhase(others, 500); // warm-up
    const idle = await othersPhase(others, phaseMs);
    const unlimited = hammer(hammerClient);
    const loaded = await othersPhase(others, phaseMs);
    const hammered = await unlimited.stop();
    const limitedHammer = hammer({ origin: limited.origin, token: hammerClient.token });
    const loadedLimited = await othersPhase(others, phaseMs);
    const limitedHammered = await limitedHammer.stop();

    const seconds = phaseMs / 1000;
    console.log(`\n${kind}: ${userCount} other users (a request each every ~${pauseMs} ms), one hammering account`);
    report('idle', idle, null);
    report('hammering, passcode limit lifted', loaded, idle);
    report('hammering, default limits', loadedLimited, idle);
    console.log(
      `  passcode checks, limit lifted:     ${(hammered.checks / seconds).toFixed(0)}/s (${statusList(hammered.statuses)})`,
    );
    console.log(
      `  passcode checks, default limits:   ${(limitedHammered.checks / seconds).toFixed(0)}/s (${statusList(limitedHammered.statuses)})`,
    );
  } finally {
    await limited.app.close();
    await app.close();
    await database.close();
  }
}

// ---- Databases ----

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

function runPg(command: string, args: readonly string[]): void {
  const binary = join(pgBin, command);
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: 'pipe', encoding: 'utf8' })
    : spawnSync(binary, [...args], { stdio: 'pipe', encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

async function withPglite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kopilka-bench-pglite-'));
  try {
    await run('PGlite (embedded, on disk)', await openPglite(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withPostgres(): Promise<void> {
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
  try {
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
    await run(
      `PostgreSQL 15 (throwaway cluster on 127.0.0.1:${port})`,
      openPostgres(`postgres://postgres@127.0.0.1:${port}/postgres`),
    );
  } finally {
    if (started) runPg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `Kopilka bench: ${phaseMs / 1000} s idle, then ${phaseMs / 1000} s with one account hammering passcode checks.`,
);
for (const kind of databases) {
  if (kind === 'pglite') await withPglite();
  else if (kind === 'postgres') await withPostgres();
  else console.log(`Unknown database "${kind}" in BENCH_DATABASES (pglite, postgres).`);
}
