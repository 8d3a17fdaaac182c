import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileStore } from './file-store';

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), addressed path-style. */
export interface S3Settings {
  /** `https://s3.eu-central-1.amazonaws.com`, `http://minio:9000`, … */
  readonly endpoint: string;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

export interface SignableRequest {
  readonly method: 'GET' | 'PUT' | 'DELETE';
  readonly url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (lower-case names). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Hex SHA-256 of the body (of the empty string when there is none). */
  readonly payloadHash: string;
  readonly now: Date;
}

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** `20130524T000000Z`. */
function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 3986 percent-encoding of each path segment, as SigV4's canonical URI wants it. */
function canonicalPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) =>
      encodeURIComponent(decodeURIComponent(segment)).replace(
        /[!'()*]/g,
        (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

/**
 * The headers of an AWS Signature Version 4 request to S3 (Authorization, x-amz-date,
 * x-amz-content-sha256, and the ones given). Checked against AWS's own worked example.
 */
export function signS3Request(settings: S3Settings, request: SignableRequest): Record<string, string> {
  const date = amzDate(request.now);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {
    host: request.url.host,
    ...request.headers,
    'x-amz-content-sha256': request.payloadHash,
    'x-amz-date': date,
  };
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const canonicalHeaders = names.map((name) => `${name}:${(headers[name] ?? '').trim()}\n`).join('');
  const signedHeaders = names.join(';');
  const query = [...request.url.searchParams]
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    request.method,
    canonicalPath(request.url.pathname),
    query,
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${settings.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${settings.secretAccessKey}`, day), settings.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${settings.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

async function collect(content: Readable): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of content) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Uint8Array.from(chunk);
    chunks.push(bytes);
    length += bytes.length;
  }
  const whole = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.length;
  }
  return whole;
}

/**
 * Files in an S3-compatible bucket, so that several servers share them. An upload is read whole
 * (at most 10 MB, the uploads module's limit) and sent in one signed PUT; an upload that fails
 * before its end sends nothing, so a key never holds half a file.
 */
export function s3FileStore(settings: S3Settings, fetchImpl: typeof fetch = fetch): FileStore {
  const objectUrl = (key: string) =>
    new URL(
      `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}/${encodeURIComponent(key)}`,
    );
  const send = async (method: SignableRequest['method'], key: string, body?: Uint8Array<ArrayBuffer>) => {
    const url = objectUrl(key);
    const headers = signS3Request(settings, {
      method,
      url,
      payloadHash: sha256Hex(body ?? new Uint8Array(0)),
      now: new Date(),
      ...(body === undefined ? {} : { headers: { 'content-length': String(body.length) } }),
    });
    return fetchImpl(url, { method, headers, ...(body === undefined ? {} : { body }) });
  };
  const fail = (what: string, status: number) => new Error(`The file store refused ${what}: HTTP ${status}`);
  return {
    put: async (key, content) => {
      const response = await send('PUT', key, await collect(content));
      if (!response.ok) throw fail('a write', response.status);
    },
    get: async (key) => {
      const response = await send('GET', key);
      if (!response.ok || response.body === null) throw fail('a read', response.status);
      return Readable.from(response.body);
    },
    remove: async (key) => {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw fail('a removal', response.status);
    },
  };
}
