import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressJsonAnswer, preferredCoding } from '../../src/server/http/compression';
import { sendRevalidated } from '../../src/server/http/revalidation';
import { createTestServer, type TestServer } from './helpers/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** The asset catalogue: a public answer of several kilobytes. */
const catalogueUrl = '/api/v1/wallet/asset';

function get(url: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url, headers });
}

describe('JSON answers of 1 KiB or more', () => {
  it('go brotli-compressed to a browser that accepts brotli, and decompress to the same JSON', async () => {
    const plain = await get(catalogueUrl);

    const compressed = await get(catalogueUrl, { 'accept-encoding': 'gzip, deflate, br, zstd' });

    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('Accept-Encoding');
    expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
    expect(compressed.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body) / 3);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it('go gzipped to a client that accepts gzip only', async () => {
    const plain = await get(catalogueUrl);

    const compressed = await get(catalogueUrl, { 'accept-encoding': 'gzip' });

    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it('go as they are, still marked as varying, to a client that accepts no coding', async () => {
    const answer = await get(catalogueUrl, { 'accept-encoding': 'identity' });

    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toContain('Accept-Encoding');
    expect(answer.json()).toHaveProperty('assets');
  });
});

describe('what stays uncompressed', () => {
  it('an answer under 1 KiB, whatever the browser accepts', async () => {
    const answer = await get('/api/v1/health', { 'accept-encoding': 'br, gzip' });

    expect(Buffer.byteLength(answer.body)).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json()).toMatchObject({ status: 'ok' });
  });

  it('a file of the built app, which the build compresses ahead (sent as it is when it has no copy)', async () => {
    const appDir = mkdtempSync(join(tmpdir(), 'kopilka-built-'));
    mkdirSync(join(appDir, 'assets'));
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>app</title>');
    const script = `export const words = ${JSON.stringify('kopilka '.repeat(400))};`;
    writeFileSync(join(appDir, 'assets', 'A1b2C3d4.js'), script);
    const withApp = await createTestServer({ appDir });

    const answer = await withApp.app.inject({
      method: 'GET',
      url: '/assets/A1b2C3d4.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    await withApp.close();

    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(script);
  });
});

describe('a polled answer of 1 KiB or more', () => {
  // The balance stays under 1 KiB (so it is never compressed); a bare route pairs the same two
  // pieces an endpoint with `revalidate` uses, over a larger answer.
  async function pollingApp() {
    const app = Fastify();
    const answer = { items: Array.from({ length: 40 }, (_, index) => ({ id: index, note: `entry ${index}` })) };
    app.get('/polled', { onSend: compressJsonAnswer }, async (request, reply) =>
      sendRevalidated(request, reply, answer),
    );
    await app.ready();
    return app;
  }

  it('carries a weak ETag when compressed, and that tag still gets a 304 with no body', async () => {
    const app = await pollingApp();
    const plain = await app.inject({ method: 'GET', url: '/polled' });

    const first = await app.inject({ method: 'GET', url: '/polled', headers: { 'accept-encoding': 'br' } });
    const again = await app.inject({
      method: 'GET',
      url: '/polled',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    await app.close();

    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);
    expect(plain.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.etag).toBe(`W/${String(plain.headers.etag)}`);
    expect({ status: again.statusCode, body: again.body }).toEqual({ status: 304, body: '' });
  });
});

describe('choosing the coding from Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['identity', null],
    ['', null],
  ])('%j answers with %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });

  it('no header answers with no coding', () => {
    expect(preferredCoding(undefined)).toBeNull();
  });
});
