// `npm run bench` (scripts/bench.ts loads this after registering tsx). What each phase does and
// every setting are in docs/performance.md, "How to measure: npm run bench".
import { ordersBench } from './orders.ts';
import { passcodeBench } from './passcode.ts';
import { type Client, type DatabaseHandle, listening, signIn, withPglite, withPostgres } from './server.ts';
import { ms, percentile, statusList } from './stats.ts';
import { depositAddress, depositInProcess, depositThroughApi, runLoad, settle } from './traffic.ts';

const quick = process.env.BENCH_QUICK === '1';

function setting(name: string, normal: string, short: string): string {
  return process.env[name] || (quick ? short : normal);
}

function numbers(text: string): number[] {
  return text
    .split(',')
    .map(Number)
    .filter((value) => Number.isFinite(value) && value > 0);
}

const phases = setting('BENCH_PHASES', 'endpoints,rate,history,orders', 'endpoints,rate,history,orders').split(',');
const databases = setting('BENCH_DATABASES', 'pglite,postgres', 'pglite,postgres').split(',');
const phaseMs = 1000 * Number(setting('BENCH_SECONDS', '3', '1.5'));
const concurrency = Number(setting('BENCH_CONCURRENCY', '16', '16'));
/** The closed loop's endpoints take turns this many times. */
const rounds = Number(setting('BENCH_ROUNDS', '3', '3'));
const userCount = Number(setting('BENCH_USERS', '8', '8'));
const rates = numbers(setting('BENCH_RATES', '500,1000,1500', '500'));
const rateMs = 1000 * Number(setting('BENCH_RATE_SECONDS', '3', '1.5'));
const historySizes = numbers(setting('BENCH_HISTORY_SIZES', '100,1000,10000', '100,1000'));
const historyMs = 1000 * Number(setting('BENCH_HISTORY_SECONDS', '3', '1'));
/** The orders phase: makers of ten offers each (4 orders an offer), and takers placing at once. */
const orderMakers = Number(setting('BENCH_ORDER_MAKERS', '4', '2'));
const orderTakers = Number(setting('BENCH_ORDER_TAKERS', '8', '8'));
/** The open loop's budget: the issue's goal for the balance poll's p99. */
const lateAfterMs = 25;
/** No run sends more than this many requests, whatever the machine. */
const maxRequests = 200_000;

const endpoints = [
  { name: 'health', path: '/api/v1/health' },
  { name: 'balance', path: '/api/v1/wallet/balance' },
  { name: 'settings', path: '/api/v1/user/settings' },
  { name: 'history', path: '/api/v1/wallet/transactions?count=40' },
] as const;

function closedPlan(origin: string, path: string, cookies: readonly string[], clients: number, durationMs: number) {
  return {
    origin,
    path,
    cookies,
    mode: 'closed' as const,
    durationMs,
    concurrency: clients,
    rate: 0,
    maxInFlight: clients,
    timeoutMs: 10_000,
    maxRequests,
  };
}

/** Users with a few deposits on two networks, signed in through the API, seeded through the simulator's HTTP route. */
async function seededUsers(origin: string, firstId: number): Promise<Client[]> {
  const users: Client[] = [];
  for (let index = 0; index < userCount; index += 1) {
    const client = await signIn(origin, firstId + index);
    const ton = await depositAddress(client, 'TON');
    const tron = await depositAddress(client, 'TRX');
    for (const amount of ['25', '3.5', '0.75']) await depositThroughApi(origin, ton, amount);
    await depositThroughApi(origin, tron, '40');
    users.push(client);
  }
  return users;
}

/** The balance answer's body size, and whether an unchanged balance answers 304 to its ETag. */
async function balanceAnswer(user: Client): Promise<string> {
  const url = `${user.origin}/api/v1/wallet/balance`;
  const first = await fetch(url, { headers: { cookie: user.cookie } });
  const size = (await first.arrayBuffer()).byteLength;
  const etag = first.headers.get('etag');
  if (etag === null) return `${size} bytes of JSON, no ETag`;
  const again = await fetch(url, { headers: { cookie: user.cookie, 'if-none-match': etag } });
  await again.arrayBuffer();
  return `${size} bytes of JSON; again with its ETag: ${again.status}`;
}

async function endpointsPhase(origin: string, users: readonly Client[]): Promise<void> {
  const [first] = users;
  if (first !== undefined) console.log(`  balance answer: ${await balanceAnswer(first)}`);
  const cookies = users.map((user) => user.cookie);
  for (const endpoint of endpoints) await runLoad(closedPlan(origin, endpoint.path, cookies, concurrency, 300)); // warm-up
  console.log(
    `  closed loop: ${concurrency} clients, ${phaseMs / 1000} s an endpoint in ${rounds} turns (endpoints take turns, ` +
      `so the machine's other load falls on all alike), ${users.length} sessions`,
  );
  console.log(`  ${'endpoint'.padEnd(10)}${'req/s'.padStart(8)}${'p50'.padStart(11)}${'p99'.padStart(11)}   ÷ health`);
  const measured = endpoints.map(() => ({ latencies: [] as number[], elapsedMs: 0, odd: new Map<string, number>() }));
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, endpoint] of endpoints.entries()) {
      const result = await runLoad(closedPlan(origin, endpoint.path, cookies, concurrency, phaseMs / rounds));
      const sum = measured[index];
      if (sum === undefined) continue;
      sum.latencies.push(...result.latencies);
      sum.elapsedMs += result.elapsedMs;
      for (const [status, n] of Object.entries(result.statuses)) {
        if (status !== '200' && status !== '304') sum.odd.set(status, (sum.odd.get(status) ?? 0) + n);
      }
      if (result.errors > 0) sum.odd.set('error', (sum.odd.get('error') ?? 0) + result.errors);
    }
  }
  const perSecond = measured.map((sum) => sum.latencies.length / (sum.elapsedMs / 1000));
  const healthRate = perSecond[0] ?? Number.NaN;
  for (const [index, endpoint] of endpoints.entries()) {
    const sum = measured[index];
    const rate = perSecond[index] ?? Number.NaN;
    if (sum === undefined) continue;
    console.log(
      `  ${endpoint.name.padEnd(10)}${rate.toFixed(0).padStart(8)}${ms(percentile(sum.latencies, 0.5)).padStart(11)}` +
        `${ms(percentile(sum.latencies, 0.99)).padStart(11)}   ${(rate / healthRate).toFixed(2)}` +
        (sum.odd.size === 0 ? '' : `   (${statusList(sum.odd)})`),
    );
  }
}

async function ratePhase(origin: string, users: readonly Client[]): Promise<void> {
  const cookies = users.map((user) => user.cookie);
  console.log(
    `  open loop: GET /wallet/balance at fixed arrivals, ${rateMs / 1000} s a rate, ${users.length} sessions, ` +
      `If-None-Match when an ETag came; latency from when each request was due`,
  );
  console.log(
    `  ${'rate/s'.padEnd(8)}${'answered/s'.padStart(11)}${'p50'.padStart(11)}${'p99'.padStart(11)}` +
      `${`>${lateAfterMs} ms`.padStart(9)}${'dropped'.padStart(9)}   statuses`,
  );
  for (const rate of rates) {
    const [first] = users;
    if (first !== undefined) await settle(first);
    const result = await runLoad({
      origin,
      path: '/api/v1/wallet/balance',
      cookies,
      mode: 'open',
      durationMs: rateMs,
      concurrency: 0,
      rate,
      maxInFlight: 64,
      timeoutMs: 30_000,
      maxRequests,
    });
    const late = result.latencies.filter((latency) => latency > lateAfterMs).length;
    console.log(
      `  ${String(rate).padEnd(8)}${(result.latencies.length / (rateMs / 1000)).toFixed(0).padStart(11)}` +
        `${ms(percentile(result.latencies, 0.5)).padStart(11)}${ms(percentile(result.latencies, 0.99)).padStart(11)}` +
        `${String(late).padStart(9)}${String(result.dropped).padStart(9)}   ${statusList(result.statuses)}` +
        (result.errors === 0 ? '' : `, ${result.errors} errors`),
    );
  }
}

async function historyPhase(origin: string, database: DatabaseHandle): Promise<void> {
  const user = await signIn(origin, 8_200_000_000);
  const address = await depositAddress(user, 'TON');
  console.log(
    `  history scaling: one user, GET /wallet/transactions?count=40, 1 client, ${historyMs / 1000} s a size ` +
      '(deposits seeded through the chain simulator service, in process)',
  );
  console.log(`  ${'operations'.padEnd(11)}${'p50'.padStart(11)}${'p99'.padStart(11)}${'req/s'.padStart(8)}   seeding`);
  await settle(user);
  let seeded = 0;
  let firstP50 = Number.NaN;
  for (const size of historySizes) {
    const started = performance.now();
    await depositInProcess(database, address, size - seeded);
    const seedingSeconds = (performance.now() - started) / 1000;
    // No ANALYZE after the load: the history's page is read with a plan that does not depend on
    // the planner's statistics (wallet-history/operations.ts), and this measures that it holds
    // while the statistics still describe the small table, before autovacuum catches up.
    const added = size - seeded;
    seeded = size;
    const result = await runLoad(
      closedPlan(origin, '/api/v1/wallet/transactions?count=40', [user.cookie], 1, historyMs),
    );
    const p50 = percentile(result.latencies, 0.5);
    if (Number.isNaN(firstP50)) firstP50 = p50;
    const notOk = result.latencies.length - (result.statuses['200'] ?? 0);
    console.log(
      `  ${String(size).padEnd(11)}${ms(p50).padStart(11)}${ms(percentile(result.latencies, 0.99)).padStart(11)}` +
        `${(result.latencies.length / (result.elapsedMs / 1000)).toFixed(0).padStart(8)}   ` +
        `${added} in ${seedingSeconds.toFixed(1)} s; p50 ×${(p50 / firstP50).toFixed(2)} of the first size` +
        (notOk === 0 ? '' : `; ${notOk} not 200`),
    );
  }
}

async function measure(label: string, database: DatabaseHandle): Promise<void> {
  const wanted = (phase: string) => phases.includes(phase);
  if (wanted('endpoints') || wanted('rate') || wanted('history') || wanted('orders')) {
    const { app, origin } = await listening(database);
    try {
      console.log(`\n${label}`);
      const users = wanted('endpoints') || wanted('rate') ? await seededUsers(origin, 8_300_000_000) : [];
      if (wanted('endpoints')) await endpointsPhase(origin, users);
      if (wanted('rate')) await ratePhase(origin, users);
      if (wanted('history')) await historyPhase(origin, database);
      if (wanted('orders')) {
        await ordersBench(origin, database, {
          makers: orderMakers,
          takers: orderTakers,
          readMs: phaseMs,
          maxRequests,
        });
      }
    } finally {
      await app.close();
    }
  }
  if (wanted('passcode')) {
    await passcodeBench(label, database, {
      phaseMs,
      userCount,
      hammerCount: Number(process.env.BENCH_HAMMER || '4'),
      pauseMs: Number(process.env.BENCH_PAUSE_MS || '20'),
      maxRequestsPerPhase: maxRequests,
    });
  }
}

const startedAt = performance.now();
console.log(
  `Kopilka bench${quick ? ' (quick)' : ''}: phases ${phases.join(', ')} on ${databases.join(', ')}. ` +
    'One shared machine: compare figures within one run.',
);
for (const kind of databases) {
  if (kind === 'pglite') await withPglite(measure);
  else if (kind === 'postgres') await withPostgres(measure);
  else console.log(`Unknown database "${kind}" in BENCH_DATABASES (pglite, postgres).`);
}
console.log(`\nbench: done in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
