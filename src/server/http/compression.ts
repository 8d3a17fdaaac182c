import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this a compressed answer saves less than its headers and the CPU cost. */
export const compressionThresholdBytes = 1024;

type ContentCoding = 'br' | 'gzip';

const compressWith: Record<ContentCoding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 4: close to gzip's speed at a better ratio; 11 (the default) costs tens of
  // milliseconds of CPU per answer on the thread that also runs the embedded database.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
};

/**
 * The coding to answer with for an `Accept-Encoding` header: brotli when it is accepted at least
 * as much as gzip, else gzip, else none. `q=0` refuses a coding; `*` stands for any not named.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | null {
  if (acceptEncoding === undefined) return null;
  const weights = new Map<string, number>();
  for (const item of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name !== '') weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const brotli = weightOf('br');
  const gzipped = weightOf('gzip');
  if (brotli > 0 && brotli >= gzipped) return 'br';
  return gzipped > 0 ? 'gzip' : null;
}

/** `Vary` with `Accept-Encoding` added to what the answer already varies on. */
function varyWithEncoding(current: unknown): string {
  const existing = typeof current === 'string' && current !== '' ? current.split(',').map((part) => part.trim()) : [];
  if (existing.some((part) => part === '*' || part.toLowerCase() === 'accept-encoding')) return existing.join(', ');
  return [...existing, 'Accept-Encoding'].join(', ');
}

/**
 * An endpoint's `onSend`: its JSON answer of at least 1 KiB compressed with the coding the
 * client prefers (brotli or gzip), with `Vary: Accept-Encoding`. Anything else goes as it is: a
 * small answer, a 304 (no body), a file download (not JSON, `Content-Disposition`), an answer
 * already encoded. A compressed answer's ETag turns weak: the tag names the JSON, not these
 * bytes, and `If-None-Match` compares weakly (revalidation.ts), so a poll still gets its 304.
 */
export async function compressJsonAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
  if (reply.hasHeader('content-encoding') || reply.hasHeader('content-disposition')) return payload;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (body.length < compressionThresholdBytes) return payload;
  reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
  const coding = preferredCoding(request.headers['accept-encoding']);
  if (coding === null) return payload;
  const compressed = await compressWith[coding](body);
  const tag = reply.getHeader('etag');
  if (typeof tag === 'string' && tag.startsWith('"')) reply.header('etag', `W/${tag}`);
  reply.header('content-encoding', coding).header('content-length', compressed.length);
  return compressed;
}
