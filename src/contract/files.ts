import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';

/**
 * The answer of a `download: true` endpoint: bytes, not JSON, so nothing to parse (the client
 * saves or shows them as a Blob). Errors still come as `{ code, message }`.
 */
export const fileDownload = z.unknown();

/** Uploaded files (documents, verification files), served only to their owner. */
export const fileEndpoints = {
  /** The signed-in person's own uploaded file; another person's answers 404 `file_not_found`. */
  getUploadedFile: defineEndpoint({
    method: 'GET',
    path: '/user/files/:id',
    params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    response: fileDownload,
    errors: [401, 404],
    auth: true,
    download: true,
  }),
} as const;
