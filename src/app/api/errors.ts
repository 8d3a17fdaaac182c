/**
 * Error normalisation of spec 000 s.8. A failed call that got an answer becomes an `ApiError`:
 *
 * - `code`: the HTTP status (a number);
 * - `message`: the body if it is a string, else `body.message`, else `body.error` (strings only;
 *   '' when none), keeping only what follows the first ": " when there is one;
 * - `data`: `body.data`;
 * - `reason`: the server's stable machine code (`body.code` when it is a string), or null.
 *
 * A call that got no answer at all (offline, DNS, aborted, timed out) has no error object:
 * `toApiError()` returns null for it, and the UI treats null as "nothing to show from the
 * server" (a caller may still show its own connection message).
 */
import { HttpError } from './http.ts';

export interface ApiError {
  readonly code: number;
  readonly message: string;
  readonly data: unknown;
  readonly reason: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rawMessage(body: unknown): string {
  if (typeof body === 'string') return body;
  if (!isRecord(body)) return '';
  if (typeof body.message === 'string') return body.message;
  if (typeof body.error === 'string') return body.error;
  return '';
}

/** "Wallet: Not enough money" → "Not enough money"; only the first ": " splits. */
export function messageAfterPrefix(message: string): string {
  const index = message.indexOf(': ');
  return index === -1 ? message : message.slice(index + 2);
}

export function normalizeApiError(status: number, body: unknown): ApiError {
  return {
    code: status,
    message: messageAfterPrefix(rawMessage(body)),
    data: isRecord(body) ? body.data : undefined,
    reason: isRecord(body) && typeof body.code === 'string' ? body.code : null,
  };
}

/** Thrown by `call()` when the server answered with a failure status. */
export class ApiCallError extends Error {
  override readonly name = 'ApiCallError';
  readonly error: ApiError;

  constructor(error: ApiError) {
    super(error.message || `HTTP ${error.code}`);
    this.error = error;
  }
}

/** Thrown by `call()` when a 2xx answer does not match the contract's schema. */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  readonly path: string;

  constructor(path: string, cause: unknown) {
    super(`The answer of ${path} does not match the contract`, { cause });
    this.path = path;
  }
}

/**
 * The normalised error of anything a call may throw; null when there was no response
 * (the spec's "no error object is passed on"). A broken answer counts as a 502-like failure.
 */
export function toApiError(thrown: unknown): ApiError | null {
  if (thrown instanceof ApiCallError) return thrown.error;
  if (thrown instanceof HttpError) return normalizeApiError(thrown.response.status, thrown.data);
  if (thrown instanceof UnexpectedResponseError)
    return { code: 502, message: '', data: undefined, reason: 'unexpected_response' };
  return null;
}

/** True when the failure is a 401, which means the session is over. */
export function isUnauthorized(thrown: unknown): boolean {
  return toApiError(thrown)?.code === 401;
}
