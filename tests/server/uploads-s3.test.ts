import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { s3FileStore, signS3Request } from '../../src/server/modules/uploads/s3-store';
import { multipartPost, sampleFiles } from './helpers/multipart';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

describe('signS3Request', () => {
  it('signs AWS’s own worked example (GET Object, first 10 bytes) to AWS’s signature', () => {
    const headers = signS3Request(
      {
        endpoint: 'https://examplebucket.s3.amazonaws.com',
        bucket: 'examplebucket',
        region: 'us-east-1',
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      },
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { range: 'bytes=0-9' },
        payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        now: new Date('2013-05-24T00:00:00Z'),
      },
    );

    expect(headers).toEqual({
      range: 'bytes=0-9',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-amz-date': '20130524T000000Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    });
  });
});

describe('signS3Request on AWS’s other worked examples', () => {
  const example = {
    endpoint: 'https://examplebucket.s3.amazonaws.com',
    bucket: 'examplebucket',
    region: 'us-east-1',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  };
  const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
  const signatureOf = (headers: Record<string, string>) => headers.authorization?.split('Signature=')[1];

  it('PUT Object: a $ in the key is percent-encoded, and extra headers are signed', () => {
    const headers = signS3Request(example, {
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
      headers: { date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
      now: new Date('2013-05-24T00:00:00Z'),
    });

    expect(headers.authorization).toContain(
      'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,',
    );
    expect(signatureOf(headers)).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('GET Bucket (list objects): the query string is sorted and encoded', () => {
    const headers = signS3Request(example, {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2'),
      payloadHash: emptyHash,
      now: new Date('2013-05-24T00:00:00Z'),
    });

    expect(signatureOf(headers)).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('GET Bucket lifecycle: a query key without a value', () => {
    const headers = signS3Request(example, {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/?lifecycle'),
      payloadHash: emptyHash,
      now: new Date('2013-05-24T00:00:00Z'),
    });

    expect(signatureOf(headers)).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
  });
});

describe('uploads into an S3-compatible bucket', () => {
  /** A bucket in memory that answers like S3 and records every signed request it gets. */
  const objects = new Map<string, Uint8Array<ArrayBuffer>>();
  const requests: { method: string; path: string; signed: boolean }[] = [];
  const fakeBucket: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    requests.push({
      method,
      path: url.pathname,
      signed: headers.get('authorization')?.startsWith('AWS4-HMAC-SHA256 ') === true,
    });
    if (method === 'PUT') {
      objects.set(url.pathname, new Uint8Array(await new Response(init?.body).arrayBuffer()));
      return new Response(null, { status: 200 });
    }
    if (method === 'DELETE') {
      objects.delete(url.pathname);
      return new Response(null, { status: 204 });
    }
    const stored = objects.get(url.pathname);
    return stored === undefined ? new Response('NoSuchKey', { status: 404 }) : new Response(stored, { status: 200 });
  };

  let server: TestServer;
  beforeAll(async () => {
    const store = s3FileStore(
      {
        endpoint: 'https://s3.test',
        bucket: 'kopilka-uploads',
        region: 'eu-central-1',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
      },
      fakeBucket,
    );
    server = await createTestServer({ fileStore: store, rateLimits: { file_upload: {} } });
  });
  afterAll(() => server.close());

  it('writes an accepted file under a random key with one signed PUT and reads it back to its owner', async () => {
    const { token } = await signInTestUser(server.database);
    requests.length = 0;

    const upload = await server.app.inject(
      multipartPost('/api/v1/user/compliance-documents', token, [
        { name: 'type', value: 'passport' },
        { name: 'file', filename: 'passport.png', contentType: 'image/png', content: sampleFiles.png },
      ]),
    );

    expect(upload.statusCode).toBe(200);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'PUT', signed: true });
    expect(requests[0]?.path).toMatch(/^\/kopilka-uploads\/[0-9a-f]{32}$/);
    const shortId = upload.json<{ short_id: string }>().short_id;
    const download = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/compliance-documents/${shortId}/file`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(Buffer.from(sampleFiles.png))).toBe(true);
  });

  it('sends nothing to the bucket for a refused file', async () => {
    const { token } = await signInTestUser(server.database);
    requests.length = 0;

    const upload = await server.app.inject(
      multipartPost('/api/v1/user/compliance-documents', token, [
        { name: 'type', value: 'passport' },
        { name: 'file', filename: 'passport.jpg', contentType: 'image/jpeg', content: sampleFiles.exe },
      ]),
    );

    expect(upload.statusCode).toBe(415);
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });
});

describe('S3_* configuration', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'kopilka-s3-config-'));
  const bucket = {
    S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
    S3_BUCKET: 'kopilka-uploads',
    S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps files in DATA_DIR/uploads when no bucket is configured', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).uploadsBucket).toBeNull();
  });

  it('reads the bucket, with us-east-1 as the default region', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ...bucket }).uploadsBucket).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'kopilka-uploads',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
    });
    expect(loadConfig({ DATA_DIR: dataDir(), ...bucket, S3_REGION: 'eu-central-1' }).uploadsBucket?.region).toBe(
      'eu-central-1',
    );
  });

  it('refuses a bucket configured in part, rather than quietly keeping files on one server', () => {
    const { S3_SECRET_ACCESS_KEY: _secret, ...withoutSecret } = bucket;

    expect(() => loadConfig({ DATA_DIR: dataDir(), ...withoutSecret })).toThrow(
      'Invalid environment: S3_*: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or none',
    );
  });
});
