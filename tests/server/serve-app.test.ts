import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/vite/precompress';
import { createTestServer, type TestServer } from './helpers/test-server';

const indexHtml = '<!doctype html><html><body><div id="root"></div>kopilka-test-index</body></html>';
/** Large enough (over 1 KiB) for the build to write compressed copies of it. */
const entryScript = `console.log("app");\n${'export const unit = "kopilka";\n'.repeat(60)}`;

describe('serving the built app', () => {
  let server: TestServer;
  beforeAll(async () => {
    const appDir = mkdtempSync(join(tmpdir(), 'kopilka-built-'));
    writeFileSync(join(appDir, 'index.html'), indexHtml);
    mkdirSync(join(appDir, 'assets'));
    writeFileSync(join(appDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(join(appDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await createTestServer({ appDir });
  });
  afterAll(() => server.close());

  it.each(['/', '/some/client/route', '/wallet/deposit/USDT/TRX?back=%2F'])(
    'answers %s with index.html, revalidated on every load, so the client router can take over',
    async (url) => {
      const response = await server.app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('kopilka-test-index');
    },
  );

  it('serves hashed files under /assets with a year-long immutable cache', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files of the build revalidated', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/favicon.svg' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404 instead of the app', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/index-gone.js' });

    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('kopilka-test-index');
  });

  it('keeps API paths out of the app fallback', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/unknown' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('serving the compressed copies the build wrote', () => {
  const bigIndexHtml = `<!doctype html><html><body><div id="root"></div>${'<p>kopilka-test-index</p>'.repeat(60)}</body></html>`;
  let server: TestServer;
  beforeAll(async () => {
    const appDir = mkdtempSync(join(tmpdir(), 'kopilka-built-'));
    writeFileSync(join(appDir, 'index.html'), bigIndexHtml);
    mkdirSync(join(appDir, 'assets'));
    writeFileSync(join(appDir, 'assets', 'index-abc123.js'), entryScript);
    precompressDirectory(appDir);
    server = await createTestServer({ appDir });
  });
  afterAll(() => server.close());

  it('sends the brotli copy of a hashed file to a browser that accepts brotli, cached for a year', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(entryScript.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(entryScript);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(response.rawPayload).toString()).toBe(entryScript);
  });

  it('sends the file itself when the request accepts no encoding', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.body).toBe(entryScript);
  });

  it('sends index.html for a client route compressed, revalidated on every load, with the security headers', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/wallet/deposit/USDT/TRX',
      headers: { 'accept-encoding': 'br' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(bigIndexHtml);
  });
});

describe('serving before the app is built', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('answers 503 with a text that says to run npm run build', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/account' });

    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('npm run build');
  });

  it('still serves the API', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/health' });

    expect(response.statusCode).toBe(200);
  });
});
