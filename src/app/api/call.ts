import type { BodyOf, EndpointDefinition, ParamsOf, QueryOf, ResponseOf } from '../../contract/endpoint.ts';
import { recordApiError } from '../lib/errorReporting.ts';
import { ApiCallError, normalizeApiError, UnexpectedResponseError } from './errors.ts';
import { HttpError, http, type RequestContext, readJson } from './http.ts';

export interface CallInput<E extends EndpointDefinition> {
  readonly params?: ParamsOf<E>;
  readonly query?: QueryOf<E>;
  readonly body?: BodyOf<E>;
  readonly signal?: AbortSignal;
  /** Per-request switches of the HTTP client (no bearer token; a 401 that is only an answer). */
  readonly context?: RequestContext;
  /** Sees the successful response before its body is read (its headers, e.g. the session token). */
  readonly onResponse?: (response: Response) => void;
  /**
   * This call already sent by `http()` (the page's early sign-in, api/earlySignIn.ts): its
   * response is taken instead of sending the call again.
   */
  readonly sent?: Promise<Response>;
}

function entriesOf(value: unknown): [string, unknown][] {
  return typeof value === 'object' && value !== null ? Object.entries(value) : [];
}

/** "/wallet/address/:network/:id" with { network: 'TON', id: 7 } → "wallet/address/TON/7". */
export function buildPath(path: string, params: unknown): string {
  const values = new Map(entriesOf(params));
  return path.replace(/^\//, '').replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values.get(name);
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

function searchParamsOf(query: unknown): URLSearchParams | undefined {
  const search = new URLSearchParams();
  for (const [key, value] of entriesOf(query)) {
    if (value === undefined || value === null) continue;
    // A list is the same name repeated (`payment_methods=sbp&payment_methods=tinkoff`).
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  return search.size > 0 ? search : undefined;
}

function traceIdOf(response: Response, body: unknown): string | null {
  const header = response.headers.get('x-request-id');
  if (header) return header;
  const data: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'data') : undefined;
  const id: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, 'request_id') : undefined;
  return typeof id === 'string' && id !== '' ? id : null;
}

function isAbort(thrown: unknown): boolean {
  return thrown instanceof Error && (thrown.name === 'AbortError' || thrown.name === 'CancelledError');
}

/**
 * Sends one call of the contract and returns the answer's JSON unvalidated. A failure status
 * becomes an `ApiCallError` (normalised per spec 000 s.8); no response (offline, timeout, aborted)
 * rethrows what `fetch` threw, which `toApiError()` maps to null.
 */
export async function request<E extends EndpointDefinition>(endpoint: E, input: CallInput<E> = {}): Promise<unknown> {
  try {
    const response = await (input.sent ??
      http(buildPath(endpoint.path, input.params), {
        method: endpoint.method,
        searchParams: searchParamsOf(input.query),
        json: input.body,
        signal: input.signal,
        context: input.context,
      }));
    input.onResponse?.(response);
    return await readJson(response);
  } catch (thrown) {
    throw callFailure(endpoint, thrown);
  }
}

/**
 * What a failed call of `endpoint` throws, recorded for error reporting: an answer with a failure
 * status becomes an `ApiCallError` (normalised per spec 000 s.8); no answer (offline, timeout) is
 * passed on as thrown. A request the page itself cancelled is not recorded.
 */
export function callFailure(endpoint: Pick<EndpointDefinition, 'method' | 'path'>, thrown: unknown): unknown {
  const where = { method: endpoint.method, path: endpoint.path };
  if (thrown instanceof HttpError) {
    const error = normalizeApiError(thrown.response.status, thrown.data);
    recordApiError({
      ...where,
      status: error.code,
      message: error.message,
      reason: error.reason,
      traceId: traceIdOf(thrown.response, thrown.data),
    });
    return new ApiCallError(error);
  }
  if (!isAbort(thrown)) recordApiError({ ...where, status: null, message: '', reason: null, traceId: null });
  return thrown;
}

/** The typed call: sends `endpoint` and validates its answer with the endpoint's response schema. */
export async function call<E extends EndpointDefinition>(
  endpoint: E,
  input: CallInput<E> = {},
): Promise<ResponseOf<E>> {
  const json = await request(endpoint, input);
  return parseResponse(endpoint, json);
}

export function parseResponse<E extends EndpointDefinition>(endpoint: E, json: unknown): ResponseOf<E> {
  const schema: E['response'] = endpoint.response;
  const result = schema.safeParse(json);
  if (!result.success) throw new UnexpectedResponseError(endpoint.path, result.error);
  return result.data;
}
