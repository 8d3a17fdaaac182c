import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody, CommonErrorCode } from '../../contract/errors';
import { ApiError } from './api-error';

/** Codes for the client errors Fastify raises itself (bad JSON, too large, wrong media type). */
function codeForStatus(
  status: number,
): CommonErrorCode | 'payload_too_large' | 'unsupported_media_type' | 'bad_request' {
  switch (status) {
    case 400:
      return 'validation_failed';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'too_many_requests';
    default:
      return 'bad_request';
  }
}

export function apiNotFound(method: string, url: string): ApiError {
  return new ApiError(404, 'not_found', `No API endpoint ${method} ${url.split('?')[0] ?? url}`);
}

/**
 * Every error leaves as `{ code, message, data? }`. Expected ones keep their message; anything
 * unexpected is logged with its request id and answered as a bare 500 that carries the id.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const body: ApiErrorBody = { code: codeForStatus(status), message: error.message };
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'Unhandled error');
    const body: ApiErrorBody = {
      code: 'internal_error',
      message: 'Something went wrong on our side',
      data: { request_id: request.id },
    };
    return reply.status(500).send(body);
  });
}
