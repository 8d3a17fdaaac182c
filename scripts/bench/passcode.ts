// The passcode phase of `npm run bench` (BENCH_PHASES=passcode): how much one account hammering
// passcode checks slows everyone else (issue 8).
//
// It gives one user a passcode (e-mail code and bot link read from the outbox) and measures the
// other users' requests (GET /user/settings, GET /security) first idle, then while that one
// account sends passcode checks as fast as it can with the passcode rate limit lifted (every check
// costs an argon2 verification: the worst case the limit would otherwise hide), then against a
// second server instance on the same database that keeps the default limits (10 checks a minute
// per account). It prints p50/p99 of each phase and their ratio to idle. The hammering client
// runs in a worker thread, so its own HTTP work stays off the server's event loop.
import { Worker } from 'node:worker_threads';
import { and, desc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { outbox } from '../../src/server/db/schema/security.ts';
import { type Client, type DatabaseHandle, listening, signIn } from './server.ts';
import { ms, percentile, statusList } from './stats.ts';

export interface PasscodeSettings {
  readonly phaseMs: number;
  /** Users measured besides the hammering one. */
  readonly userCount: number;
  /** Parallel checks of the hammering account. */
  readonly hammerCount: number;
  /** Between one user's requests. */
  readonly pauseMs: number;
  readonly maxRequestsPerPhase: number;
}

const passCode = '1234';

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
async function othersPhase(others: readonly Client[], settings: PasscodeSettings): Promise<Phase> {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + settings.phaseMs;
  const paths = ['/user/settings', '/security'];
  await Promise.all(
    others.map(async (client, index) => {
      for (
        let step = index;
        performance.now() < deadline && latencies.length < settings.maxRequestsPerPhase;
        step += 1
      ) {
        const started = performance.now();
        const answer = await request(client, 'GET', paths[step % paths.length] ?? '/user/settings');
        latencies.push(performance.now() - started);
        if (answer.status !== 200) failures += 1;
        await new Promise((resolve) => setTimeout(resolve, settings.pauseMs));
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

/** The hammering account: passcode checks, `settings.hammerCount` at a time, until told to stop. */
function hammer(
  client: Pick<Client, 'origin' | 'token'>,
  settings: PasscodeSettings,
): { stop: () => Promise<{ checks: number; statuses: Map<number, number> }> } {
  const worker = new Worker(hammerSource, {
    eval: true,
    workerData: {
      origin: client.origin,
      token: client.token,
      concurrency: settings.hammerCount,
      code: passCode,
      max: settings.maxRequestsPerPhase,
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

/** Idle, hammering with the passcode limit lifted, hammering with the default limits. */
export async function passcodeBench(
  label: string,
  database: DatabaseHandle,
  settings: PasscodeSettings,
): Promise<void> {
  // The other users and the unlimited hammering go to the first instance; the second one, on the
  // same database, keeps the default limits.
  const { app, origin } = await listening(database, { pass_code_token: {} });
  const limited = await listening(database);
  try {
    const hammerId = 8_100_000_000;
    const hammerClient = await signIn(origin, hammerId);
    await givePassCode(database, hammerClient, hammerId);
    const others: Client[] = [];
    for (let index = 1; index <= settings.userCount; index += 1) others.push(await signIn(origin, hammerId + index));

    await othersPhase(others, { ...settings, phaseMs: 500 }); // warm-up
    const idle = await othersPhase(others, settings);
    const unlimited = hammer(hammerClient, settings);
    const loaded = await othersPhase(others, settings);
    const hammered = await unlimited.stop();
    const limitedHammer = hammer({ origin: limited.origin, token: hammerClient.token }, settings);
    const loadedLimited = await othersPhase(others, settings);
    const limitedHammered = await limitedHammer.stop();

    const seconds = settings.phaseMs / 1000;
    console.log(
      `\n${label}, passcode: ${settings.userCount} other users (a request each every ~${settings.pauseMs} ms), one hammering account`,
    );
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
  }
}
