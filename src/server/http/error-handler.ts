import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, CommonErrorCode } from '../../contract/errors';
import { ApiError } from './api-error';

/** Codes for the client errors Fastify raises itself (bad JSON, too large, wrong media type). */
function codeForStatus(
  status: number,
): CommonErrorCode | 'payload_too_large' | 'uri_too_long' | 'unsupported_media_type' | 'bad_request' {
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
    case 414:
      return 'uri_too_long';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'too_many_requests';
    default:
      return 'bad_request';
  }
}

/**
 * Codes of the answers for database errors that the input caused. Each one means a check is
 * missing before the database: the error is logged as a bug, and the fuzz test of the contract
 * fails when it sees one of these codes.
 */
export const databaseRefusalCodes = {
  /** SQLSTATE class 22, data exception: a value the column cannot hold (NUL, bad time, too long). */
  data: 'invalid_input',
  /** SQLSTATE class 23, integrity constraint violation: usually a duplicate sent concurrently. */
  constraint: 'write_conflict',
} as const;

/** The SQLSTATE of a database error, however the driver and Drizzle wrap it (`cause` chain). */
export function sqlStateOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      // Node's system errors have 5-letter codes too (EPIPE); SQLSTATE classes start with a digit.
      if (/^[0-9]/.test(current.code)) return current.code;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return null;
}

/**
 * A database error the request's data caused, as a 4xx: class 22 (a value the column cannot
 * hold) is a 400, class 23 (a constraint, e.g. a unique index hit by two concurrent requests) a
 * 409. Anything else from the database (connection lost, deadlock) stays a 500.
 */
function databaseRefusal(error: unknown, requestId: string): ApiError | null {
  const state = sqlStateOf(error);
  if (state?.startsWith('22')) {
    return new ApiError(400, databaseRefusalCodes.data, 'The request has a value that cannot be stored', {
      request_id: requestId,
    });
  }
  if (state?.startsWith('23')) {
    return new ApiError(409, databaseRefusalCodes.constraint, 'The request conflicts with another one; try again', {
      request_id: requestId,
    });
  }
  return null;
}

const frameworkMessages: Readonly<Record<string, string>> = {
  FST_ERR_BAD_URL: 'The URL does not decode (a broken percent escape)',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the path is too long',
};

/**
 * Fastify's `frameworkErrors`: what it finds wrong before routing (a URL that does not decode, a
 * path parameter over `maxParamLength`). Without it Fastify writes its own body
 * (`{ error, code: 'FST_ERR_BAD_URL', … }`). Neither the error handler nor the hooks run for
 * these (there is no route yet), so the answer and its request id header are written here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status =
    error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const body: ApiErrorBody = {
    code: codeForStatus(status),
    message: frameworkMessages[error.code] ?? 'The request cannot be routed',
  };
  reply.header('x-request-id', request.id).status(status).send(body);
}

export function apiNotFound(method: string, url: string): ApiError {
  return new ApiError(404, 'not_found', `No API endpoint ${method} ${url.split('?')[0] ?? url}`);
}

/**
 * Every error leaves as `{ code, message, data? }`. Expected ones keep their message; a database
 * error the input caused is logged as a bug and answered with a 4xx (see databaseRefusal);
 * anything else unexpected is logged with its request id and answered as a bare 500 that
 * carries the id.
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
    const refusal = databaseRefusal(error, request.id);
    if (refusal !== null) {
      // Not silent: the answer is the client's fault, but the missing check is ours.
      request.log.error({ err: error }, 'The database refused input that validation let through');
      return reply.status(refusal.statusCode).send(refusal.toBody());
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
