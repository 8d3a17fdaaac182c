import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { apiErrorBody } from '../../src/contract/errors';
import { createTestServer, type TestServer } from './helpers/test-server';

describe('API errors', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    // A route that fails the way a bug would, registered before the app is ready.
    server.app.get('/api/v1/test/failure', async () => {
      throw new Error('connection string postgres://secret@db leaked?');
    });
  });
  afterAll(() => server.close());

  it('answers an unknown API path with a JSON 404, never the app', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/no/such/endpoint?x=1' });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(z.parse(apiErrorBody, response.json())).toEqual({
      code: 'not_found',
      message: 'No API endpoint GET /api/v1/no/such/endpoint',
    });
  });

  it('answers a known path with a method it does not have as a JSON 404', async () => {
    const response = await server.app.inject({ method: 'DELETE', url: '/api/v1/wallet/asset' });

    expect(response.statusCode).toBe(404);
    expect(z.parse(apiErrorBody, response.json()).code).toBe('not_found');
  });

  it('answers an unexpected failure with a bare 500 that carries the request id and no internals', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/test/failure' });

    expect(response.statusCode).toBe(500);
    const body = z.parse(apiErrorBody, response.json());
    expect(body).toEqual({
      code: 'internal_error',
      message: 'Something went wrong on our side',
      data: { request_id: response.headers['x-request-id'] },
    });
    expect(response.body).not.toContain('secret');
  });
});
