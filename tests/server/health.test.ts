import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { health } from '../../src/contract/health';
import { readMigrationJournal } from '../../src/server/db/migrations';
import { createTestServer, type TestServer } from './helpers/test-server';

describe('GET /api/v1/health', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('reports the database kind and that every migration is applied', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/health' });

    expect(response.statusCode).toBe(200);
    const body = z.parse(health, response.json());
    const journal = readMigrationJournal();
    expect(body).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      migrations: { applied: journal.length, pending: 0, latest: journal.at(-1)?.tag },
    });
  });
});
