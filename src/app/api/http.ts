import { apiBasePath } from '../../contract/endpoint.ts';
import { sessionActive, sessionGeneration, sessionToken } from './sessionToken.ts';

type UnauthorizedListener = (request: Request) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

const safeMethods = new Set(['GET', 'HEAD']);

/** Spec 000 s.9 asks for no retries; a request still unanswered after this long has failed. */
export const timeoutMs = 15_000;

/** Someone (start-up) decides what a 401 means for the session; the HTTP layer only reports it. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Per-request switches:
 * - `withoutBearer`: do not send the in-memory session token (the mini app's cookie check);
 * - `quietUnauthorized`: a 401 of this request is an answer, not the end of the session.
 */
export interface RequestContext {
  withoutBearer?: boolean;
  quietUnauthorized?: boolean;
}

export interface RequestOptions {
  /** GET when not given. */
  readonly method?: string;
  readonly searchParams?: URLSearchParams;
  /** The body, sent as JSON; none when undefined. */
  readonly json?: unknown;
  /** Cancels the request (TanStack Query's signal): the call rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  readonly context?: RequestContext;
}

/** The server answered with a status outside 2xx. `data` is its body, already read. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly response: Response;
  /** Parsed JSON when the answer says it is JSON (undefined if it does not parse), else the text; undefined when empty. */
  readonly data: unknown;

  constructor(response: Response, data: unknown) {
    super(`HTTP ${response.status}`);
    this.response = response;
    this.data = data;
  }
}

/** No answer within the time limit. Like any failure without a response, it has no `ApiError`. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

function isJsonType(contentType: string | null): boolean {
  const mimeType = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return /\/(?:.*[.+-])?json$/.test(mimeType);
}

async function errorData(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  if (!isJsonType(response.headers.get('content-type'))) return text;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The answer's JSON; undefined when it has no body (204, or an empty 200). */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

/** The API request for `path` with the client's headers (the bearer token, X-Requested-With). */
export function apiRequest(path: string, options: RequestOptions): Request {
  const search = options.searchParams?.toString() ?? '';
  // Same origin, spelled out so that the client also works where relative URLs do not (jsdom).
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const url = `${origin}${apiBasePath}/${path}${search === '' ? '' : `?${search}`}`;
  const headers = new Headers({ accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' });
  const token = sessionToken();
  if (token !== null && options.context?.withoutBearer !== true) headers.set('authorization', `Bearer ${token}`);
  const hasBody = options.json !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(url, {
    method: options.method ?? 'GET',
    headers,
    credentials: 'include',
    body: hasBody ? JSON.stringify(options.json) : undefined,
  });
}

/** `fetch` that gives up after `timeoutMs` and stops when `signal` aborts. */
async function fetchInTime(request: Request, signal: AbortSignal | undefined): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutError(`No answer within ${timeoutMs} ms`)), timeoutMs);
  const cancel = () => controller.abort(signal?.reason);
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel);
  try {
    return await fetch(request, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/**
 * The one HTTP client: `path` is under the same-origin API (/api/v1), cookies are sent, no
 * retries (spec 000 s.9: "no retries"), 15 s timeout. Every request says `X-Requested-With:
 * XMLHttpRequest`: the server refuses cookie-authenticated writes without a non-simple header,
 * which a cross-site form can never send. Inside the mini app the in-memory session token goes
 * along as a bearer token. A status outside 2xx throws an `HttpError`; `call()` turns it into an
 * `ApiError`.
 *
 * A 401 ends the session only when the request was sent under the current session. One sent
 * before a sign-in replaced the session (the page's first requests on a reload still carry the
 * old cookie, which the sign-in deleted) is stale: a read is sent again under the new session,
 * and nothing is reported either way. A sign-in can therefore never sign the person out.
 */
export async function http(path: string, options: RequestOptions = {}): Promise<Response> {
  const request = apiRequest(path, options);
  const sentUnder = sessionGeneration();
  const response = await fetchInTime(request, options.signal);
  if (response.status === 401 && options.context?.quietUnauthorized !== true) {
    if (!reportUnauthorized(request, sentUnder) && sessionActive() && safeMethods.has(request.method)) {
      // Stale: answered for a session that has since been replaced or ended. A read is asked
      // again under the current session (whose own 401 would be real); a write is not repeated
      // behind the person's back, and its caller sees the 401 as a failed call. The stale answer
      // is let go first: a body nobody reads keeps its request open in the browser.
      await response.body?.cancel();
      return http(path, options);
    }
  }
  return okOrThrow(response);
}

/**
 * A 401 of a request sent under the current session ends it: the listeners hear of it (true).
 * One sent under an older session is stale and reported to no one (false).
 */
export function reportUnauthorized(request: Request, sentUnder: number): boolean {
  if (sentUnder !== sessionGeneration()) return false;
  for (const listener of unauthorizedListeners) listener(request);
  return true;
}

/** The response when its status is 2xx; else an `HttpError` with its body read. */
export async function okOrThrow(response: Response): Promise<Response> {
  if (!response.ok) throw new HttpError(response, await errorData(response));
  return response;
}
