import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { apiBasePath } from '../../../contract/endpoint';
import { authenticate } from '../../http/authenticate';
import { type Parsed, parseRequestPart, requestSchema } from '../../http/parse-request';
import type { EndpointContext } from '../../http/register-endpoint';
import type { FileStore } from './file-store';
import { createUploads, type OpenedFile, type Uploads } from './service';

/** `filename="…"` in ASCII for old clients, `filename*` in UTF-8 for the person's real name. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // RFC 8187's attr-char leaves out ' ( ) * too, which encodeURIComponent keeps.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Answers with a stored file's bytes as a download: its recognised type, never rendered in
 * place (`attachment`, `nosniff`, a CSP that runs nothing), never cached by anyone but the reader.
 */
export function sendStoredFile(reply: FastifyReply, opened: OpenedFile): FastifyReply {
  return reply
    .header('content-type', opened.file.mediaType)
    .header('content-length', opened.file.size)
    .header('content-disposition', contentDisposition(opened.file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(opened.content);
}

export interface FileDownloadInput<P> {
  readonly userId: number;
  readonly params: P;
}

/**
 * A signed-in GET that answers a file (not JSON, so not a contract endpoint): authenticates,
 * checks the path params strictly, and sends what `open` finds; `open` decides who may read it.
 */
export function registerFileDownload<P extends z.ZodMiniType>(
  app: FastifyInstance,
  context: EndpointContext,
  path: string,
  params: P,
  open: (input: FileDownloadInput<Parsed<P>>) => Promise<OpenedFile>,
): void {
  const paramsSchema = requestSchema(params);
  app.get(`${apiBasePath}${path}`, async (request, reply) => {
    const userId = await authenticate(context.db, request, context.now(), context.sessions);
    const parsed = parseRequestPart(paramsSchema, request.params, 'params');
    parseRequestPart(undefined, request.query, 'query');
    return sendStoredFile(reply, await open({ userId, params: parsed }));
  });
}

const fileParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/**
 * Multipart parsing for the whole server (one file per request, see service.ts), and
 * `GET /user/files/:id`: a signed-in person's own uploaded file. Answers the uploads service
 * the other modules receive and read files through.
 */
export async function registerUploads(
  app: FastifyInstance,
  context: EndpointContext,
  store: FileStore,
): Promise<Uploads> {
  // Limits are set per request in service.ts; the size limit is checked there, not thrown here.
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });
  const uploads = createUploads({ db: context.db, store, now: context.now });
  registerFileDownload(app, context, '/user/files/:id', fileParams, ({ userId, params }) =>
    uploads.open(params.id, { ownerId: userId }),
  );
  return uploads;
}
