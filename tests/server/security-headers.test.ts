import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

describe('security headers', () => {
  let server: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    const appDir = mkdtempSync(join(tmpdir(), 'kopilka-built-'));
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    mkdirSync(join(appDir, 'assets'));
    writeFileSync(join(appDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    server = await createTestServer({ appDir });
    proxied = await createTestServer({ appDir, trustProxy: true, database: server.database });
  });
  afterAll(async () => {
    await proxied.close();
    await server.close();
  });

  it('gives the app a CSP that keeps scripts and styles to this origin and lets only Telegram Web frame it', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/wallet' });

    const directives = Object.fromEntries(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values.join(' ')]),
    );
    expect(directives['script-src']).toBe("'self'");
    expect(directives['style-src']).toBe("'self'");
    expect(directives['default-src']).toBe("'self'");
    expect(directives['object-src']).toBe("'none'");
    expect(directives['frame-ancestors']).toBe(
      'https://web.telegram.org https://webk.telegram.org https://webz.telegram.org',
    );
    // X-Frame-Options could only say DENY or SAMEORIGIN, which would shut Telegram Web out.
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it.each(['/wallet', '/assets/index-abc123.js', '/api/v1/health', '/api/v1/nowhere'])(
    'answers %s with nosniff and a referrer policy',
    async (url) => {
      const response = await server.app.inject({ method: 'GET', url });

      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );

  it('keeps every private API answer out of every cache', async () => {
    const { token } = await signInTestUser(server.database);

    for (const url of ['/api/v1/user/settings', '/api/v1/security']) {
      const response = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect({ url, status: response.statusCode, cache: response.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        cache: 'no-store',
      });
    }
    const refused = await server.app.inject({ method: 'GET', url: '/api/v1/wallet/balance' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('lets only the person’s own browser keep the polled balance, and only to revalidate it', async () => {
    const { token } = await signInTestUser(server.database);

    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/balance',
      headers: { authorization: `Bearer ${token}` },
    });

    expect({ status: response.statusCode, cache: response.headers['cache-control'] }).toEqual({
      status: 200,
      cache: 'private, no-cache',
    });
  });

  it('keeps the cache rules of the built app (immutable assets, revalidated index)', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await server.app.inject({ method: 'GET', url: '/wallet' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends HSTS only on answers that travelled over TLS', async () => {
    const plain = await proxied.app.inject({ method: 'GET', url: '/wallet' });
    const overTls = await proxied.app.inject({
      method: 'GET',
      url: '/wallet',
      headers: { 'x-forwarded-proto': 'https' },
    });
    const spoofed = await server.app.inject({
      method: 'GET',
      url: '/wallet',
      headers: { 'x-forwarded-proto': 'https' },
    });

    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Without TRUST_PROXY the header is the client's word, not a fact about the connection.
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the CSP of a build with an inline start', () => {
  const scriptHash = "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='";
  const styleHash = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

  function builtApp(inlineSources: string): string {
    const appDir = mkdtempSync(join(tmpdir(), 'kopilka-built-'));
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><html><body><script>abc</script></body></html>');
    writeFileSync(join(appDir, 'csp-inline.json'), inlineSources);
    return appDir;
  }

  it('allows exactly the inline style and script the build listed, by their hashes, and nothing else inline', async () => {
    const server = await createTestServer({
      appDir: builtApp(JSON.stringify({ scriptSrc: [scriptHash], styleSrc: [styleHash] })),
    });
    try {
      const policy = String((await server.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);

      expect(policy).toContain(`script-src 'self' ${scriptHash};`);
      expect(policy).toContain(`style-src 'self' ${styleHash};`);
      expect(policy).not.toContain('unsafe-inline');
    } finally {
      await server.close();
    }
  });

  it('refuses to start on a list that is not sha256 hashes, rather than allow whatever it names', async () => {
    await expect(
      createTestServer({ appDir: builtApp(JSON.stringify({ scriptSrc: ["'unsafe-inline'"], styleSrc: [] })) }),
    ).rejects.toThrow(`csp-inline.json: "scriptSrc" must be a list of 'sha256-…' sources`);
  });
});
