// Load and data for the bench: runs the load generator (./load.ts) in a worker thread, and gives
// users ledger operations through the local chain simulator.
import { Worker } from 'node:worker_threads';
import * as z from 'zod/mini';
import { simulateDeposit } from '../../src/server/modules/chain-simulator/deposits.ts';
import type { LoadPlan, LoadResult } from './load.ts';
import type { Client, DatabaseHandle } from './server.ts';

const loadResult = z.object({
  latencies: z.array(z.number()),
  statuses: z.record(z.string(), z.number()),
  sent: z.number(),
  dropped: z.number(),
  errors: z.number(),
  elapsedMs: z.number(),
});

/** One load run in a worker thread of its own, off the server's event loop. */
export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const worker = new Worker(new URL('./load.ts', import.meta.url), { workerData: plan });
  try {
    const answer = await new Promise<unknown>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The load generator stopped (exit ${code}) before its result`)));
    });
    return z.parse(loadResult, answer);
  } finally {
    await worker.terminate();
  }
}

/**
 * Waits until the server has worked off what an overloaded run left queued (it answers requests
 * the client gave up on): a balance read must come back within 50 ms, for at most 60 s.
 */
export async function settle(client: Client): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const started = performance.now();
    await (await fetch(`${client.origin}/api/v1/wallet/balance`, { headers: { cookie: client.cookie } })).arrayBuffer();
    if (performance.now() - started < 50) return;
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

const addressList = z.object({ items: z.array(z.object({ address: z.string() })) });

/** The user's main deposit address on a network, made on first ask (GET /wallet/address/:network). */
export async function depositAddress(client: Client, network: string): Promise<string> {
  const response = await fetch(`${client.origin}/api/v1/wallet/address/${network}`, {
    headers: { cookie: client.cookie },
  });
  const address = z.parse(addressList, await response.json()).items[0]?.address;
  if (address === undefined) throw new Error(`No ${network} deposit address (HTTP ${response.status})`);
  return address;
}

/** A transfer arriving on the chain, through the simulator's HTTP control (`npm run chain -- deposit`). */
export async function depositThroughApi(origin: string, address: string, amount: string): Promise<void> {
  const response = await fetch(`${origin}/local/chain/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, amount }),
  });
  if (!response.ok) throw new Error(`A simulated deposit answered ${response.status}: ${await response.text()}`);
}

/**
 * `count` credited TON deposits to `address`, through the chain simulator's own service (the one
 * its HTTP route calls) in this process: real deposits and ledger postings, without an HTTP
 * round trip each. The service's transaction becomes a savepoint inside one transaction per
 * `batch` deposits, so the database commits (and syncs) once a batch instead of once a deposit.
 */
export async function depositInProcess(database: DatabaseHandle, address: string, count: number): Promise<void> {
  const batch = 250;
  for (let done = 0; done < count; done += batch) {
    await database.db.transaction(async (tx) => {
      for (let index = done; index < Math.min(count, done + batch); index += 1) {
        const deposit = await simulateDeposit(tx, { network: 'TON', address, amount: '1.5' });
        if (deposit.status !== 'credited') throw new Error(`A seeded deposit was ${deposit.status}`);
      }
    });
  }
}
