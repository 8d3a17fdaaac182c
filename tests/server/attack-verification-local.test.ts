import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers/test-server';

// The local-mode stand-ins (operator, identity provider, mailbox…) sign no one in: whoever
// reaches them acts. A web page the developer visits can reach them through DNS rebinding: its
// own name, re-pointed at 127.0.0.1, makes the browser treat the page and the stand-ins as one
// origin. What gives it away is the Host header: the attacker's name, not the machine's.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ telegram: { localMode: true } });
});
afterAll(() => server.close());

const pages = ['/local/operator', '/local/identity-provider', '/local/mailbox', '/local/verification/phone'];

describe('the local stand-ins reached through a rebound name', () => {
  it.each(pages)('%s refuses a Host that names another site with 421 and shows nothing', async (url) => {
    const response = await server.app.inject({ method: 'GET', url, headers: { host: 'rebind.attacker.example:8080' } });

    expect(response.statusCode).toBe(421);
    expect(response.body).toBe('This local page answers only on localhost or an IP address');
  });

  it.each(['/%6Cocal/operator', '/local/operator/', '/local/../local/operator', '/local/operator;x'])(
    'refuses %s, the operator page spelled another way, through a rebound name',
    async (url) => {
      const response = await server.app.inject({ method: 'GET', url, headers: { host: 'rebind.attacker.example' } });

      expect(response.statusCode).not.toBe(200);
      expect(response.body).not.toContain('<form');
    },
  );

  it('refuses a decision posted through a rebound name, even with a matching Origin', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/local/identity-provider/decide',
      headers: {
        host: 'rebind.attacker.example:8080',
        origin: 'http://rebind.attacker.example:8080',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'submission_id=00000000-0000-4000-8000-000000000000&decision=approve',
    });

    expect(response.statusCode).toBe(421);
  });

  it.each(['localhost:8080', '127.0.0.1:5173', '[::1]:8080', '192.168.1.20:8080', 'LOCALHOST'])(
    'answers on %s, a loopback name or an address no page can rebind',
    async (host) => {
      const response = await server.app.inject({ method: 'GET', url: '/local/operator', headers: { host } });

      expect(response.statusCode).toBe(200);
    },
  );
});

describe('the local stand-ins with a public URL configured (a tunnel to the machine)', () => {
  it('answer on the public URL’s host and still refuse any other name', async () => {
    const tunnelled = await createTestServer({
      telegram: { localMode: true },
      security: { publicUrl: 'https://kopilka-dev.tunnel.example' },
    });
    try {
      const own = await tunnelled.app.inject({
        method: 'GET',
        url: '/local/operator',
        headers: { host: 'kopilka-dev.tunnel.example' },
      });
      const other = await tunnelled.app.inject({
        method: 'GET',
        url: '/local/operator',
        headers: { host: 'rebind.attacker.example' },
      });

      expect(own.statusCode).toBe(200);
      expect(other.statusCode).toBe(421);
    } finally {
      await tunnelled.close();
    }
  });
});
