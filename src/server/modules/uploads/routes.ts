import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiBasePath, type EndpointDefinition } from '../../../contract/endpoint';
import { fileEndpoints } from '../../../contract/files';
import { authenticate } from '../../http/authenticate';
import { type Parsed, parseRequestPart, requestSchema } from '../../http/parse-request';
import {
  type EndpointContext,
  type EndpointHandler,
  type EndpointOptions,
  registerEndpoint,
} from '../../http/register-endpoint';
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

export interface FileDownloadInput<E extends EndpointDefinition> {
  readonly userId: number;
  readonly params: Parsed<E['params']>;
}

/** An endpoint of the contract that answers a file (`download: true`). */
export type DownloadEndpoint = EndpointDefinition & { readonly download: true; readonly auth: true };

/**
 * Registers a `download: true` endpoint: authenticates, checks the path params and the (absent)
 * query strictly, and sends what `open` finds as an attachment; `open` decides who may read it.
 */
export function registerFileDownload<E extends DownloadEndpoint>(
  app: FastifyInstance,
  context: EndpointContext,
  endpoint: E,
  open: (input: FileDownloadInput<E>) => Promise<OpenedFile>,
): void {
  const params = requestSchema<E['params']>(endpoint.params);
  const query = requestSchema<E['query']>(endpoint.query);
  app.get(`${apiBasePath}${endpoint.path}`, async (request, reply) => {
    const userId = await authenticate(context.db, request, context.now(), context.sessions);
    const parsed = parseRequestPart(params, request.params, 'params');
    parseRequestPart(query, request.query, 'query');
    return sendStoredFile(reply, await open({ userId, params: parsed }));
  });
}

/**
 * Registers a contract endpoint that receives a file: one marked `upload: true` (checked by the
 * compiler), for which `registerEndpoint` parses multipart in a scope of its own. Its handler
 * reads the file with `uploads.receive` / `uploads.receiveFile`.
 */
export function registerUploadEndpoint<E extends EndpointDefinition & { readonly upload: true }>(
  app: FastifyInstance,
  context: EndpointContext,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void {
  registerEndpoint(app, context, endpoint, handler, options);
}

/**
 * The uploads service the other modules receive and read files through, and
 * `GET /user/files/:id`: a signed-in person's own uploaded file.
 */
export async function registerUploads(
  app: FastifyInstance,
  context: EndpointContext,
  store: FileStore,
): Promise<Uploads> {
  const uploads = createUploads({ db: context.db, store, now: context.now });
  registerFileDownload(app, context, fileEndpoints.getUploadedFile, ({ userId, params }) =>
    uploads.open(params.id, { ownerId: userId }),
  );
  return uploads;
}
