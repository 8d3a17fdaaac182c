import { mkdtempSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../src/server/db/schema/compliance';
import { sessionCookieName } from '../../src/server/modules/auth/sessions';
import { diskFileStore, newStorageKey } from '../../src/server/modules/uploads/file-store';
import { multipartBody, multipartPost, sampleFiles } from './helpers/multipart';
import { expectError } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// Uploads attacked over a real connection: a client that starts a form and then stops sending.

const idleTimeoutMs = 400;
let server: TestServer;
let uploadsFolder: string;
let port: number;

beforeAll(async () => {
  uploadsFolder = mkdtempSync(join(tmpdir(), 'kopilka-attack-uploads-'));
  server = await createTestServer({
    fileStore: diskFileStore(uploadsFolder),
    rateLimits: { file_upload: {} },
    timeouts: { idleMs: idleTimeoutMs, requestMs: 5_000 },
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The server has no TCP port');
  port = address.port;
});
afterAll(() => server.close());

function filesOnDisk(): string[] {
  try {
    return readdirSync(uploadsFolder, { recursive: true }).map(String);
  } catch {
    return [];
  }
}

describe('a stalled upload (slowloris)', () => {
  it('is cut off once the client sends nothing for the idle timeout, keeping nothing of the file', async () => {
    const { token } = await signInTestUser(server.database);
    const body = multipartBody([
      { name: 'type', value: 'passport' },
      { name: 'file', filename: 'passport.png', contentType: 'image/png', content: new Uint8Array(1024 * 1024) },
    ]);
    // A real PNG's first bytes, then the client stalls half-way through the file.
    const pngAt = body.indexOf(Buffer.from('\r\n\r\n', 'latin1'), body.indexOf('filename=')) + 4;
    body.set(sampleFiles.png.subarray(0, 16), pngAt);
    const sent = body.subarray(0, pngAt + 64 * 1024);

    const socket = connect(port, '127.0.0.1');
    const closedAfterMs = await new Promise<number>((resolve, reject) => {
      const started = Date.now();
      const giveUp = setTimeout(() => {
        socket.destroy();
        reject(new Error('The server still holds the stalled upload after 4 s'));
      }, 4_000);
      socket.on('close', () => {
        clearTimeout(giveUp);
        resolve(Date.now() - started);
      });
      socket.on('error', () => {});
      socket.write(
        'POST /api/v1/user/compliance-documents HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          `Authorization: Bearer ${token}\r\n` +
          'Content-Type: multipart/form-data; boundary=----kopilka-test-boundary-7MA4YWxkTrZu0gW\r\n' +
          `Content-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(sent);
    });

    expect(closedAfterMs).toBeGreaterThanOrEqual(idleTimeoutMs - 50);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [row] = await server.database.db.select({ count: sql<number>`count(*)::int` }).from(storedFiles);
    expect(row?.count).toBe(0);
    expect(filesOnDisk()).toEqual([]);
  });
});

describe('the default connection timeouts', () => {
  it('end a connection silent for a minute and a request still arriving after five', async () => {
    const defaults = await createTestServer();
    try {
      expect(defaults.app.server.timeout).toBe(60_000);
      expect(defaults.app.server.requestTimeout).toBe(300_000);
    } finally {
      await defaults.close();
    }
  });
});

describe('an account filling the server’s disk', () => {
  /** Files the owner has kept already, written straight into the table (their bytes do not matter here). */
  async function keepFiles(ownerId: number, count: number, size: number): Promise<void> {
    await server.database.db.insert(storedFiles).values(
      Array.from({ length: count }, (_, index) => ({
        ownerId,
        storageKey: newStorageKey(),
        originalName: `scan ${index}.png`,
        mediaType: 'image/png',
        size,
        createdAt: new Date(),
      })),
    );
  }

  const upload = (token: string) =>
    server.app.inject(
      multipartPost('/api/v1/user/compliance-documents', token, [
        { name: 'type', value: 'other' },
        { name: 'file', filename: 'one more.png', contentType: 'image/png', content: sampleFiles.png },
      ]),
    );

  async function filesOf(ownerId: number): Promise<number> {
    const [row] = await server.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(storedFiles)
      .where(sql`${storedFiles.ownerId} = ${ownerId}`);
    return row?.count ?? -1;
  }

  it('may keep 100 files; the 101st is refused with 429 upload_quota_reached and not kept', async () => {
    const { userId, token } = await signInTestUser(server.database);
    await keepFiles(userId, 99, 1000);

    expect((await upload(token)).statusCode).toBe(200);
    expectError(await upload(token), 429, 'upload_quota_reached');
    expect(await filesOf(userId)).toBe(100);
  });

  it('may keep 200 MB in all; past that an upload is refused with 429 upload_quota_reached', async () => {
    const { userId, token } = await signInTestUser(server.database);
    await keepFiles(userId, 20, 10 * 1024 * 1024);

    expectError(await upload(token), 429, 'upload_quota_reached');
    expect(await filesOf(userId)).toBe(20);
  });

  it('counts only the uploader’s own files', async () => {
    const crowded = await signInTestUser(server.database);
    await keepFiles(crowded.userId, 100, 1000);
    const { token } = await signInTestUser(server.database);

    expect((await upload(token)).statusCode).toBe(200);
  });
});

describe('a cross-site form posting a file with the person’s cookie', () => {
  it.each([
    '/api/v1/user/compliance-documents',
    '/api/v1/user/compliance-documents/2345678abc/file',
    '/api/v1/verification/provider/SUMSUB_BASIC/files',
  ])('is refused at %s with 403 forbidden before anything is read or kept', async (url) => {
    const { userId, token } = await signInTestUser(server.database);
    const request = multipartPost(url, null, [
      { name: 'type', value: 'passport' },
      { name: 'file', filename: 'passport.png', contentType: 'image/png', content: sampleFiles.png },
    ]);

    const forged = await server.app.inject({ ...request, cookies: { [sessionCookieName]: token } });

    expectError(forged, 403, 'forbidden');
    const [row] = await server.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(storedFiles)
      .where(sql`${storedFiles.ownerId} = ${userId}`);
    expect(row?.count).toBe(0);
  });
});

describe('a file whose name or bytes try to become a page', () => {
  const boundary = 'attack-boundary-51f0';

  /** Adds a document whose file part's name is written raw, as an attacker's client would. */
  function uploadRaw(token: string, dispositionParams: string, content: Buffer) {
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nother\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${dispositionParams}\r\nContent-Type: text/html\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return server.app.inject({
      method: 'POST',
      url: '/api/v1/user/compliance-documents',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }

  it('serves a PDF with HTML and script after its header as a sandboxed PDF download, the quotes and control characters of its name kept out of the header', async () => {
    const { token } = await signInTestUser(server.database);
    const polyglot = Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>');

    const upload = await uploadRaw(
      token,
      'filename="scan\\"; filename*=x\u0001\u000bSet-Cookie: stolen=1.html"',
      polyglot,
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const { short_id: shortId } = upload.json<{ short_id: string }>();
    const download = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/compliance-documents/${shortId}/file`,
      headers: { authorization: `Bearer ${token}` },
    });

    expect(download.statusCode).toBe(200);
    expect(download.headers['set-cookie']).toBeUndefined();
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="scan_; filename*=xSet-Cookie: stolen=1.html"; filename*=UTF-8''scan%22%3B%20filename%2A%3DxSet-Cookie%3A%20stolen%3D1.html`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('refuses an SVG, script inside, whatever its name says, with 415', async () => {
    const { token } = await signInTestUser(server.database);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

    const upload = await uploadRaw(token, 'filename="photo.png"', svg);

    expectError(upload, 415, 'file_type_refused');
  });
});
