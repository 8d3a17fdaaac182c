// The bench's P2P orders phase (BENCH_PHASES=orders): how fast takers place orders, and how fast a
// party reads its orders (one order, the list, the statistic the app polls every 5 s). Makers are
// set up through the API (a saved method, ten online sell offers each); their passport check and
// USDT are written in process. Every offer takes 4 open orders, so the orders placed are
// makers × 10 × 4. Settings in docs/performance.md, "How to measure: npm run bench".
import { randomBytes } from 'node:crypto';
import { verificationSteps } from '../../src/server/db/schema/verification.ts';
import { credit, inTransaction } from '../../src/server/ledger/ledger.ts';
import { type Client, type DatabaseHandle, signIn } from './server.ts';
import { ms, percentile, statusList } from './stats.ts';
import { runLoad } from './traffic.ts';

export interface OrdersBenchSettings {
  readonly makers: number;
  readonly takers: number;
  readonly readMs: number;
  readonly maxRequests: number;
}

const offersPerMaker = 10;
const ordersPerOffer = 4;
const usdt = (whole: number) => BigInt(whole) * 10n ** 18n;

async function call(client: Client, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${client.origin}/api/v1${path}`, {
    method,
    headers: { cookie: client.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer: unknown = await response.json();
  if (response.status !== 200)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? Object.getOwnPropertyDescriptor(value, name)?.value : undefined;
}

interface OpenSlot {
  readonly offerId: number;
  readonly methodId: number;
  readonly price: string;
}

/** A maker with 20,000 USDT and ten online sell offers of 1,000 USDT at the reference price, 1,000–5,000 RUB an order. */
async function maker(origin: string, database: DatabaseHandle, userId: number): Promise<OpenSlot[]> {
  const client = await signIn(origin, userId);
  await database.db
    .insert(verificationSteps)
    .values({ userId, type: 'SUMSUB_BASIC', status: 'completed', result: 'OK', updatedAt: new Date() });
  await inTransaction(database.db, (tx) =>
    credit(tx, { operationId: crypto.randomUUID(), type: 'deposit', userId, asset: 'USDT', amount: usdt(20_000) }),
  );
  const method = await call(client, 'POST', '/p2p/payment-methods', {
    fiat: 'RUB',
    identifier: 'sbp',
    child_identifier: 'sberbank_sbp',
    name: null,
    details: { phone: '+79001234567', holder_name: 'Bench Maker' },
  });
  const methodId = Number(field(method, 'id'));
  const slots: OpenSlot[] = [];
  for (let index = 0; index < offersPerMaker; index += 1) {
    const offer = await call(client, 'POST', '/p2p/offers', {
      type: 'sell',
      asset: 'USDT',
      fiat: 'RUB',
      price_type: 'floating',
      price: null,
      price_floating_ratio: '100',
      volume: usdt(1_000).toString(),
      limits: { min: '1000', max: '5000' },
      payment_method_ids: [methodId],
      catalogue_methods: [],
      time_limit: 15,
      description: '',
      restrictions: {
        telegram_premium_required: false,
        completed_trades_percent: null,
        trades_count_min: null,
        trades_volume_usd_min: null,
        account_age_days_min: null,
      },
    });
    const offerId = Number(field(offer, 'id'));
    await call(client, 'PUT', `/p2p/offers/${offerId}/active`, { active: true });
    const price = String(field(offer, 'price'));
    for (let slot = 0; slot < ordersPerOffer; slot += 1) slots.push({ offerId, methodId, price });
  }
  return slots;
}

/** Each taker places orders on the next free slot until none is left; answers the latencies and the orders each placed. */
async function placeOrders(takers: readonly Client[], slots: OpenSlot[]) {
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const placed = new Map<number, number[]>();
  await Promise.all(
    takers.map(async (taker) => {
      for (let slot = slots.pop(); slot !== undefined; slot = slots.pop()) {
        const started = performance.now();
        const response = await fetch(`${taker.origin}/api/v1/p2p/orders/${slot.offerId}`, {
          method: 'POST',
          headers: { cookie: taker.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({
            identifier: 'sbp',
            child_identifier: 'sberbank_sbp',
            payment_method_id: slot.methodId,
            amount: '1000',
            amount_type: 'fiat',
            price: slot.price,
            unique_hash: randomBytes(48).toString('base64url'),
            token: null,
          }),
        });
        const answer: unknown = await response.json();
        latencies.push(performance.now() - started);
        statuses.set(String(response.status), (statuses.get(String(response.status)) ?? 0) + 1);
        const id = Number(field(field(answer, 'order'), 'id'));
        if (response.status === 200) placed.set(taker.userId, [...(placed.get(taker.userId) ?? []), id]);
      }
    }),
  );
  return { latencies, statuses, placed };
}

export async function ordersBench(origin: string, database: DatabaseHandle, settings: OrdersBenchSettings) {
  const slots: OpenSlot[] = [];
  for (let index = 0; index < settings.makers; index += 1) {
    slots.push(...(await maker(origin, database, 8_400_000_000 + index)));
  }
  const takers: Client[] = [];
  for (let index = 0; index < settings.takers; index += 1) takers.push(await signIn(origin, 8_500_000_000 + index));
  const total = slots.length;
  const started = performance.now();
  const placing = await placeOrders(takers, slots);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  placing orders: ${total} on ${settings.makers * offersPerMaker} offers, ${takers.length} takers at once, ` +
      `each order auto-accepted in its transaction`,
  );
  console.log(
    `  ${'orders/s'.padEnd(10)}${'p50'.padStart(11)}${'p99'.padStart(11)}   statuses\n` +
      `  ${(placing.latencies.length / seconds).toFixed(0).padEnd(10)}${ms(percentile(placing.latencies, 0.5)).padStart(11)}` +
      `${ms(percentile(placing.latencies, 0.99)).padStart(11)}   ${statusList(placing.statuses)}`,
  );

  const [first] = takers;
  const firstOrder = first === undefined ? undefined : placing.placed.get(first.userId)?.[0];
  if (first === undefined || firstOrder === undefined) return;
  const cookies = takers.map((taker) => taker.cookie);
  const reads = [
    { name: 'one order', path: `/api/v1/p2p/orders/${firstOrder}`, cookies: [first.cookie] },
    { name: 'list', path: '/api/v1/p2p/orders?count=20', cookies },
    { name: 'statistic', path: '/api/v1/p2p/orders/statistic', cookies },
  ];
  console.log(
    `  status reads: closed loop, ${takers.length} clients, ${settings.readMs / 1000} s each; ` +
      `each taker is a party to about ${Math.round(total / takers.length)} running orders`,
  );
  console.log(`  ${'read'.padEnd(11)}${'req/s'.padStart(8)}${'p50'.padStart(11)}${'p99'.padStart(11)}   statuses`);
  for (const read of reads) {
    const result = await runLoad({
      origin,
      path: read.path,
      cookies: read.cookies,
      mode: 'closed',
      durationMs: settings.readMs,
      concurrency: takers.length,
      rate: 0,
      maxInFlight: takers.length,
      timeoutMs: 10_000,
      maxRequests: settings.maxRequests,
    });
    console.log(
      `  ${read.name.padEnd(11)}${(result.latencies.length / (result.elapsedMs / 1000)).toFixed(0).padStart(8)}` +
        `${ms(percentile(result.latencies, 0.5)).padStart(11)}${ms(percentile(result.latencies, 0.99)).padStart(11)}` +
        `   ${statusList(result.statuses)}`,
    );
  }
}
