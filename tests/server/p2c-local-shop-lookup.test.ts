import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p2cEndpoints } from '../../src/contract/p2c';
import { caller, ok } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

describe("a code the local shop issued, as the client's lookup sees it", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({
      telegram: { localMode: true },
      featureFlags: { public: ['show_p2c'], tester: [], testerIds: new Set() },
    });
  });
  afterAll(() => server.close());

  it('answers what the issued code asks for through GET /p2c/qr/{id}, then paid once the bank pays it', async () => {
    const form = (url: string, fields: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
        payload: new URLSearchParams(fields).toString(),
      });
    const issued = await form('/local/shop', { amount: '1500' });
    const id = /code=([A-Z0-9]+)$/.exec(String(issued.headers.location))?.[1] ?? '';
    const { token } = await signInTestUser(server.database, { lifetimeMs: 86_400_000 });
    const send = caller(server, token);

    const answer = ok(await send('GET', `/p2c/qr/${id}`), p2cEndpoints.getQrCode.response);
    expect(answer.qr).toEqual({
      id,
      type: 'nspk',
      payee: { name: 'Romashka Coffee', bank_name: 'Sberbank' },
      fiat_amount: '1500',
      fiat: 'RUB',
      purpose: null,
      state: 'payable',
    });

    const shop = await server.app.inject({ method: 'GET', url: `/local/shop?code=${id}` });
    const link = /id="link" value="([^"]+)"/.exec(shop.body)?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect((await form('/local/bank', { link })).statusCode).toBe(303);
    expect(ok(await send('GET', `/p2c/qr/${id}`), p2cEndpoints.getQrCode.response).qr.state).toBe('paid');
  });
});
