import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { complianceDocument } from '../../src/contract/compliance';
import { apiErrorBody } from '../../src/contract/errors';
import { storedFiles } from '../../src/server/db/schema/compliance';
import { userSettings } from '../../src/server/db/schema/users';
import { sessionCookieName } from '../../src/server/modules/auth/sessions';
import { diskFileStore, newStorageKey } from '../../src/server/modules/uploads/file-store';
import { cleanFileName } from '../../src/server/modules/uploads/service';
import { type FormPart, multipartPost, sampleFiles } from './helpers/multipart';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// The uploads module through the call that adds a document (`POST /user/compliance-documents`,
// field `type` and part `file`) and the owner's file download (`GET /user/files/:id`).

const addDocumentUrl = '/api/v1/user/compliance-documents';

let server: TestServer;
let uploadsFolder: string;

beforeAll(async () => {
  uploadsFolder = mkdtempSync(join(tmpdir(), 'kopilka-uploads-test-'));
  server = await createTestServer({ fileStore: diskFileStore(uploadsFolder), rateLimits: { file_upload: {} } });
});
afterAll(() => server.close());

const filePart = (content: Uint8Array, filename = 'passport.jpg', contentType = 'image/jpeg'): FormPart => ({
  name: 'file',
  filename,
  contentType,
  content,
});

async function storedFileCount(): Promise<number> {
  const [row] = await server.database.db.select({ count: sql<number>`count(*)::int` }).from(storedFiles);
  return row?.count ?? -1;
}

/** The names in the uploads folder (the store creates it on the first upload). */
function filesOnDisk(): string[] {
  try {
    return readdirSync(uploadsFolder);
  } catch {
    return [];
  }
}

async function errorOf(response: { json(): unknown }) {
  return z.parse(apiErrorBody, response.json());
}

describe('uploading a file', () => {
  it.each([
    { kind: 'a JPEG', content: sampleFiles.jpeg, mediaType: 'image/jpeg' },
    { kind: 'a PNG', content: sampleFiles.png, mediaType: 'image/png' },
    { kind: 'a WebP image', content: sampleFiles.webp, mediaType: 'image/webp' },
    { kind: 'a HEIC photo', content: sampleFiles.heic, mediaType: 'image/heic' },
    { kind: 'a PDF', content: sampleFiles.pdf, mediaType: 'application/pdf' },
  ])(
    'accepts $kind and serves it back to its owner as $mediaType, whatever name and type the browser gave',
    async ({ kind, content, mediaType }) => {
      const { token } = await signInTestUser(server.database);
      const name = `scan of ${kind}.bin`;

      const upload = await server.app.inject(
        multipartPost(addDocumentUrl, token, [
          { name: 'type', value: 'passport' },
          filePart(content, name, 'application/octet-stream'),
        ]),
      );

      expect(upload.statusCode).toBe(200);
      const document = z.parse(complianceDocument, upload.json());
      expect(document).toMatchObject({ type: 'passport', status: 'on_review', uploaded_name: name });
      const [row] = await server.database.db.select().from(storedFiles).where(eq(storedFiles.originalName, name));
      const download = await server.app.inject({
        method: 'GET',
        url: `/api/v1/user/files/${row?.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe(mediaType);
      expect(download.rawPayload.equals(Buffer.from(content))).toBe(true);
    },
  );

  it('refuses a renamed executable with 415 file_type_refused and keeps nothing of it', async () => {
    const { token } = await signInTestUser(server.database);
    const before = { rows: await storedFileCount(), files: filesOnDisk().length };

    for (const executable of [sampleFiles.exe, sampleFiles.elf]) {
      const response = await server.app.inject(
        multipartPost(addDocumentUrl, token, [
          { name: 'type', value: 'passport' },
          filePart(executable, 'passport.jpg'),
        ]),
      );

      expect(response.statusCode).toBe(415);
      expect(await errorOf(response)).toEqual({
        code: 'file_type_refused',
        message: 'Only JPEG, PNG, WebP, HEIC images and PDF files',
      });
    }
    expect(await storedFileCount()).toBe(before.rows);
    expect(filesOnDisk()).toHaveLength(before.files);
  });

  it('refuses a 20 MB file with 413 file_too_large and keeps nothing of it', async () => {
    const { token } = await signInTestUser(server.database);
    const before = { rows: await storedFileCount(), files: filesOnDisk().length };
    const big = new Uint8Array(20 * 1024 * 1024);
    big.set(sampleFiles.jpeg);

    const response = await server.app.inject(
      multipartPost(addDocumentUrl, token, [{ name: 'type', value: 'passport' }, filePart(big)]),
    );

    expect(response.statusCode).toBe(413);
    expect(await errorOf(response)).toEqual({
      code: 'file_too_large',
      message: 'The file is larger than 10 MB',
      data: { max_bytes: 10_485_760 },
    });
    expect(await storedFileCount()).toBe(before.rows);
    expect(filesOnDisk()).toHaveLength(before.files);
  });

  it('accepts a file of exactly 10 MB and refuses one byte more while reading it, with nothing left on disk', async () => {
    const { token } = await signInTestUser(server.database);
    const exactly = new Uint8Array(10 * 1024 * 1024);
    exactly.set(sampleFiles.png);
    const oneMore = new Uint8Array(10 * 1024 * 1024 + 1);
    oneMore.set(sampleFiles.png);

    const accepted = await server.app.inject(
      multipartPost(addDocumentUrl, token, [{ name: 'type', value: 'selfie' }, filePart(exactly, 'ten.png')]),
    );
    const before = { rows: await storedFileCount(), files: filesOnDisk().length };
    const refused = await server.app.inject(
      multipartPost(addDocumentUrl, token, [{ name: 'type', value: 'selfie' }, filePart(oneMore, 'eleven.png')]),
    );

    expect(accepted.statusCode).toBe(200);
    expect(refused.statusCode).toBe(413);
    expect((await errorOf(refused)).code).toBe('file_too_large');
    expect(await storedFileCount()).toBe(before.rows);
    expect(filesOnDisk()).toHaveLength(before.files);
  });

  it('refuses an upload without a session with 401 unauthorized', async () => {
    const before = await storedFileCount();

    const response = await server.app.inject(
      multipartPost(addDocumentUrl, null, [{ name: 'type', value: 'passport' }, filePart(sampleFiles.jpeg)]),
    );

    expect(response.statusCode).toBe(401);
    expect(await errorOf(response)).toEqual({ code: 'unauthorized', message: 'Sign in to continue' });
    expect(await storedFileCount()).toBe(before);
  });

  it('refuses a cookie-signed upload without X-Requested-With, as a cross-site form would send it', async () => {
    const { token } = await signInTestUser(server.database);
    const request = multipartPost(addDocumentUrl, null, [
      { name: 'type', value: 'passport' },
      filePart(sampleFiles.jpeg),
    ]);

    const forged = await server.app.inject({ ...request, cookies: { [sessionCookieName]: token } });
    const fromTheApp = await server.app.inject({
      ...request,
      headers: { ...request.headers, 'x-requested-with': 'XMLHttpRequest' },
      cookies: { [sessionCookieName]: token },
    });

    expect(forged.statusCode).toBe(403);
    expect((await errorOf(forged)).code).toBe('forbidden');
    expect(fromTheApp.statusCode).toBe(200);
  });

  it('refuses with 403 uploads_forbidden when the account may not upload files', async () => {
    const { userId, token } = await signInTestUser(server.database);
    await server.database.db
      .update(userSettings)
      .set({ permissions: { can_upload_files: false } })
      .where(eq(userSettings.userId, userId));

    const response = await server.app.inject(
      multipartPost(addDocumentUrl, token, [{ name: 'type', value: 'passport' }, filePart(sampleFiles.jpeg)]),
    );

    expect(response.statusCode).toBe(403);
    expect(await errorOf(response)).toEqual({
      code: 'uploads_forbidden',
      message: 'This account may not upload files',
    });
  });

  it.each<[string, FormPart[], string]>([
    ['no file', [{ name: 'type', value: 'passport' }], 'Send one file in the field "file"'],
    [
      'two files',
      [{ name: 'type', value: 'passport' }, filePart(sampleFiles.jpeg), filePart(sampleFiles.png, 'b.png')],
      'Send exactly one file',
    ],
    [
      'the file in another field',
      [
        { name: 'type', value: 'passport' },
        { name: 'document', filename: 'a.jpg', content: sampleFiles.jpeg },
      ],
      'Send the file in the field "file"',
    ],
    ['an empty file', [{ name: 'type', value: 'passport' }, filePart(new Uint8Array(0))], 'The file is empty'],
  ])('answers 400 file_missing for %s, and keeps nothing', async (_case, parts, message) => {
    const { token } = await signInTestUser(server.database);
    const before = { rows: await storedFileCount(), files: filesOnDisk().length };

    const response = await server.app.inject(multipartPost(addDocumentUrl, token, parts));

    expect(response.statusCode).toBe(400);
    expect(await errorOf(response)).toEqual({ code: 'file_missing', message });
    expect(await storedFileCount()).toBe(before.rows);
    expect(filesOnDisk()).toHaveLength(before.files);
  });

  it('answers 400 file_missing for a JSON body instead of a form', async () => {
    const { token } = await signInTestUser(server.database);

    const response = await server.app.inject({
      method: 'POST',
      url: addDocumentUrl,
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });

    expect(response.statusCode).toBe(400);
    expect((await errorOf(response)).code).toBe('file_missing');
  });

  it.each<[string, FormPart[]]>([
    [
      'an unknown field',
      [
        { name: 'type', value: 'passport' },
        { name: 'owner_id', value: '1' },
      ],
    ],
    ['an unknown document type', [{ name: 'type', value: 'diploma' }]],
    ['no document type', []],
  ])('answers 400 validation_failed for %s, and keeps nothing', async (_case, fields) => {
    const { token } = await signInTestUser(server.database);
    const before = { rows: await storedFileCount(), files: filesOnDisk().length };

    const response = await server.app.inject(
      multipartPost(addDocumentUrl, token, [...fields, filePart(sampleFiles.jpeg)]),
    );

    expect(response.statusCode).toBe(400);
    expect((await errorOf(response)).code).toBe('validation_failed');
    expect(await storedFileCount()).toBe(before.rows);
    expect(filesOnDisk()).toHaveLength(before.files);
  });

  it('stores the bytes under a random name and keeps the person’s file name, without its folders, only as data', async () => {
    const { token } = await signInTestUser(server.database);

    const response = await server.app.inject(
      multipartPost(addDocumentUrl, token, [
        { name: 'type', value: 'proof_of_address' },
        filePart(sampleFiles.pdf, '../../etc/Счёт за газ.pdf', 'application/pdf'),
      ]),
    );

    expect(response.statusCode).toBe(200);
    expect(z.parse(complianceDocument, response.json()).uploaded_name).toBe('Счёт за газ.pdf');
    for (const name of filesOnDisk()) expect(name).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('GET /user/files/:id', () => {
  async function uploadFor(token: string): Promise<string> {
    const before = await server.database.db.select({ id: storedFiles.id }).from(storedFiles);
    const response = await server.app.inject(
      multipartPost(addDocumentUrl, token, [
        { name: 'type', value: 'passport' },
        filePart(sampleFiles.jpeg, "мой паспорт (1)'.jpg"),
      ]),
    );
    expect(response.statusCode).toBe(200);
    const after = await server.database.db.select({ id: storedFiles.id }).from(storedFiles);
    const known = new Set(before.map((row) => row.id));
    const added = after.find((row) => !known.has(row.id));
    if (added === undefined) throw new Error('No file was stored');
    return added.id;
  }

  it('serves the owner a download that is never rendered in place', async () => {
    const { token } = await signInTestUser(server.database);
    const fileId = await uploadFor(token);

    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/files/${fileId}`,
      headers: { authorization: `Bearer ${token}` },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="___ _______ (1)'.jpg"; filename*=UTF-8''%D0%BC%D0%BE%D0%B9%20%D0%BF%D0%B0%D1%81%D0%BF%D0%BE%D1%80%D1%82%20%281%29%27.jpg`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('answers another user 404 file_not_found, as for a file that does not exist', async () => {
    const owner = await signInTestUser(server.database);
    const stranger = await signInTestUser(server.database);
    const fileId = await uploadFor(owner.token);

    const theirs = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/files/${fileId}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    const madeUp = await server.app.inject({
      method: 'GET',
      url: '/api/v1/user/files/00000000-0000-4000-8000-000000000000',
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    const notAnId = await server.app.inject({
      method: 'GET',
      url: '/api/v1/user/files/..%2F..%2Fetc%2Fpasswd',
      headers: { authorization: `Bearer ${stranger.token}` },
    });

    for (const response of [theirs, madeUp, notAnId]) {
      expect(response.statusCode).toBe(404);
      expect(await errorOf(response)).toEqual({ code: 'file_not_found', message: 'No such file' });
    }
  });

  it('answers 401 without a session', async () => {
    const owner = await signInTestUser(server.database);
    const fileId = await uploadFor(owner.token);

    const response = await server.app.inject({ method: 'GET', url: `/api/v1/user/files/${fileId}` });

    expect(response.statusCode).toBe(401);
  });

  it('refuses a query string it does not define with 400', async () => {
    const owner = await signInTestUser(server.database);
    const fileId = await uploadFor(owner.token);

    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/files/${fileId}?inline=1`,
      headers: { authorization: `Bearer ${owner.token}` },
    });

    expect(response.statusCode).toBe(400);
    expect((await errorOf(response)).code).toBe('validation_failed');
  });
});

describe('an upload over a real connection', () => {
  it('refuses 20 MB sent without Content-Length (chunked) with 413 file_too_large while reading it, and keeps nothing', async () => {
    const { token } = await signInTestUser(server.database);
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const before = { rows: await storedFileCount(), files: filesOnDisk().length };
    const boundary = '----kopilka-chunked';
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\npassport\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
        );
        controller.enqueue(sampleFiles.jpeg);
      },
      pull(controller) {
        if (sent >= 20) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += 1;
        controller.enqueue(chunk);
      },
    });

    // Node's fetch streams a request body only when told it is half duplex (not yet in the DOM types).
    const init: RequestInit & { readonly duplex: 'half' } = {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    };
    const response = await fetch(`${address}${addDocumentUrl}`, init);

    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'file_too_large' });
    expect(await storedFileCount()).toBe(before.rows);
    expect(filesOnDisk()).toHaveLength(before.files);
  });
});

describe('malformed forms', () => {
  it.each<[string, FormPart[], string, string]>([
    [
      'a repeated field',
      [
        { name: 'type', value: 'passport' },
        { name: 'type', value: 'selfie' },
      ],
      'file_missing',
      'The field "type" is repeated',
    ],
    [
      'more fields than a form of ours has',
      Array.from({ length: 9 }, (_, index) => ({ name: `field${index}`, value: 'x' })),
      'validation_failed',
      'The form has too many fields',
    ],
    ['a field named __proto__', [{ name: '__proto__', value: 'x' }], 'validation_failed', 'The form is not valid'],
  ])('answers %s with 400 and keeps nothing', async (_case, fields, code, message) => {
    const { token } = await signInTestUser(server.database);
    const before = { rows: await storedFileCount(), files: filesOnDisk().length };

    const response = await server.app.inject(
      multipartPost(addDocumentUrl, token, [...fields, filePart(sampleFiles.jpeg)]),
    );

    expect(response.statusCode).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code, message });
    expect(await storedFileCount()).toBe(before.rows);
    expect(filesOnDisk()).toHaveLength(before.files);
  });

  it('answers a form cut off in the middle of the file with 400 file_missing, and keeps nothing', async () => {
    const { token } = await signInTestUser(server.database);
    const before = { rows: await storedFileCount(), files: filesOnDisk().length };
    const whole = multipartPost(addDocumentUrl, token, [
      { name: 'type', value: 'passport' },
      filePart(sampleFiles.png),
    ]);
    const body = whole.payload;
    if (!Buffer.isBuffer(body)) throw new Error('The form helper writes a Buffer');

    const response = await server.app.inject({ ...whole, payload: body.subarray(0, body.length - 100) });

    expect(response.statusCode).toBe(400);
    expect(await errorOf(response)).toEqual({ code: 'file_missing', message: 'The form ended before the file did' });
    expect(await storedFileCount()).toBe(before.rows);
    expect(filesOnDisk()).toHaveLength(before.files);
  });
});

describe('cleanFileName', () => {
  it.each([
    ['C:\\Users\\anna\\Documents\\passport.jpg', 'passport.jpg'],
    ['../../etc/passwd', 'passwd'],
    ['pass\u0000port\u0007\n.pdf', 'passport.pdf'],
    ['  scan.png  ', 'scan.png'],
    ['', 'file'],
    ['folder/', 'file'],
    ['\u0001\u0002', 'file'],
  ])('keeps %j as %j', (name, kept) => {
    expect(cleanFileName(name)).toBe(kept);
  });

  it('keeps at most 255 characters, counting a character outside the BMP as one', () => {
    const long = `${'😀'.repeat(300)}.jpg`;

    expect([...cleanFileName(long)]).toHaveLength(255);
    expect(cleanFileName(long)).toBe('😀'.repeat(255));
  });
});

describe('the disk store', () => {
  it('keeps files readable by the server’s user only, in a folder only it can enter', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'kopilka-disk-store-')), 'uploads');
    const store = diskFileStore(folder);
    const key = newStorageKey();

    await store.put(key, Readable.from([Buffer.from('%PDF-1.7')]));

    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(folder, key)).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder)).toEqual([key]);
  });

  it('refuses a key that is not one of its own, so no path can climb out of the folder', async () => {
    const store = diskFileStore(mkdtempSync(join(tmpdir(), 'kopilka-disk-store-')));

    await expect(store.get('../../etc/passwd')).rejects.toThrow('Not a storage key');
    await expect(store.put('../escape', Readable.from([Buffer.from('x')]))).rejects.toThrow('Not a storage key');
    await expect(store.remove('/etc/passwd')).rejects.toThrow('Not a storage key');
    const key = newStorageKey();
    await expect(store.get(`../${key}`)).rejects.toThrow('Not a storage key');
    await expect(store.get(`${key}/../../x`)).rejects.toThrow('Not a storage key');
  });

  it('leaves nothing under the key when the stream fails half-way', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kopilka-disk-store-'));
    const store = diskFileStore(folder);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('%PDF-1.7 half'));
        this.destroy(new Error('the client went away'));
      },
    });

    await expect(store.put(newStorageKey(), failing)).rejects.toThrow('the client went away');
    expect(readdirSync(folder)).toEqual([]);
  });

  it('answers a missing key by throwing, before any byte is sent', async () => {
    const store = diskFileStore(mkdtempSync(join(tmpdir(), 'kopilka-disk-store-')));

    await expect(store.get(newStorageKey())).rejects.toThrow(/ENOENT/);
  });
});
