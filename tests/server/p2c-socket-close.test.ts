import { describe, expect, it } from 'vitest';
import { adapterPool } from '../../src/server/realtime/adapter-pool';
import { createTestServer } from './helpers/test-server';

// The live list's adapter LISTENs on a client of its own from the pool; closing the app must give
// that client back even when the app closes before the adapter has finished setting it up.
const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = adminUrl !== undefined && adminUrl !== '';

/** Settles with `work`, or fails after `ms`: a close that never ends fails the test, not the run. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running after ${ms} ms`)), ms)),
  ]);
}

describe.skipIf(!onPostgres)('closing a server on PostgreSQL', () => {
  it('ends at once even when the server closes right after it was built, five times over', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const server = await createTestServer();
      await within(server.close(), 10_000);
    }
  });

  it('waits, before the adapter closes, for the LISTEN it is still setting up', async () => {
    const server = await createTestServer();
    try {
      const pool = server.database.postgresPool;
      if (pool === undefined) throw new Error('expected a PostgreSQL pool');
      const tracked = adapterPool(pool);
      const steps: string[] = [];
      const setUp = tracked.pool.connect().then(async (client) => {
        steps.push('connected');
        await client.query('LISTEN "adapter-pool-test"');
        steps.push('listening');
        client.release();
      });
      await tracked.settled();
      steps.push('settled');
      await setUp;
      expect(steps).toEqual(['connected', 'listening', 'settled']);
    } finally {
      await server.close();
    }
  });
});
