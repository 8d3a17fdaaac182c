// The bench's load generator, run in a worker thread so its HTTP work stays off the server's
// event loop (scripts/bench.ts starts it). Plain node:http with keep-alive connections.
//
// closed: `concurrency` clients, each sending its next request as soon as its last one is
//   answered, for `durationMs`.
// open: requests arrive at `rate` a second whatever the server does (fixed arrivals); a request's
//   latency counts from when it was due, so a server that falls behind shows it. A request due
//   while `maxInFlight` are still unanswered is dropped (never sent): the client never abandons a
//   request it sent, so an overloaded server is not left working for nobody, and the queue it can
//   build is bounded. One unanswered after `timeoutMs` counts as an error.
//
// Every request carries one session (clients take the cookies in turn) and, like the home's
// balance poll, the ETag that session last received in `If-None-Match` when the server sent one.
// Runs under Node 24's type stripping: erasable TypeScript, Node's own modules only.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadPlan {
  readonly origin: string;
  readonly path: string;
  /** One `Cookie` header value per session; requests take them in turn. */
  readonly cookies: readonly string[];
  readonly mode: 'closed' | 'open';
  readonly durationMs: number;
  /** closed: parallel clients. */
  readonly concurrency: number;
  /** open: arrivals a second. */
  readonly rate: number;
  readonly maxInFlight: number;
  readonly timeoutMs: number;
  /** No run sends more than this, whatever the machine. */
  readonly maxRequests: number;
}

export interface LoadResult {
  /** Milliseconds, answered requests only (open: from when each was due). */
  readonly latencies: number[];
  readonly statuses: Record<string, number>;
  readonly sent: number;
  readonly dropped: number;
  readonly errors: number;
  readonly elapsedMs: number;
}

const plan: LoadPlan = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: plan.mode === 'closed' ? plan.concurrency : plan.maxInFlight });
const target = new URL(plan.path, plan.origin);
const etags = new Map<string, string>();
const latencies: number[] = [];
const statuses: Record<string, number> = {};
let sent = 0;
let dropped = 0;
let errors = 0;

/** One request; resolves when it is answered, failed or timed out. */
function send(cookie: string, dueAt: number): Promise<void> {
  sent += 1;
  const headers: Record<string, string> = { cookie };
  const etag = etags.get(cookie);
  if (etag !== undefined) headers['if-none-match'] = etag;
  return new Promise((done) => {
    const outgoing = request(target, { agent, headers, timeout: plan.timeoutMs }, (response) => {
      response.resume();
      response.once('end', () => {
        const received = response.headers.etag;
        if (typeof received === 'string') etags.set(cookie, received);
        const status = String(response.statusCode ?? 0);
        statuses[status] = (statuses[status] ?? 0) + 1;
        latencies.push(performance.now() - dueAt);
        done();
      });
    });
    outgoing.once('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.once('error', () => {
      errors += 1;
    });
    // After an answer, an error or a timeout alike.
    outgoing.once('close', () => done());
    outgoing.end();
  });
}

function cookieFor(index: number): string {
  return plan.cookies[index % plan.cookies.length] ?? '';
}

async function closedLoop(): Promise<void> {
  const deadline = performance.now() + plan.durationMs;
  await Promise.all(
    Array.from({ length: plan.concurrency }, async (_, client) => {
      for (let step = 0; performance.now() < deadline && sent < plan.maxRequests; step += 1) {
        await send(cookieFor(client + step * plan.concurrency), performance.now());
      }
    }),
  );
}

async function openLoop(): Promise<void> {
  const started = performance.now();
  const total = Math.min(plan.maxRequests, Math.floor((plan.rate * plan.durationMs) / 1000));
  const pending = new Set<Promise<void>>();
  let next = 0;
  while (next < total) {
    const now = performance.now();
    for (; next < total && started + (next * 1000) / plan.rate <= now; next += 1) {
      const dueAt = started + (next * 1000) / plan.rate;
      if (pending.size >= plan.maxInFlight) {
        dropped += 1;
        continue;
      }
      const answered = send(cookieFor(next), dueAt);
      pending.add(answered);
      answered.then(() => pending.delete(answered));
    }
    await new Promise((tick) => setTimeout(tick, 1));
  }
  await Promise.all(pending);
}

const started = performance.now();
await (plan.mode === 'closed' ? closedLoop() : openLoop());
const result: LoadResult = {
  latencies,
  statuses,
  sent,
  dropped,
  errors,
  elapsedMs: performance.now() - started,
};
agent.destroy();
parentPort?.postMessage(result);
