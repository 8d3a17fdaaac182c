import ky from 'ky';
import { apiBasePath } from '../../contract/endpoint.ts';
import { sessionActive, sessionGeneration, sessionToken } from './sessionToken.ts';

type UnauthorizedListener = (request: Request) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The session generation each request was sent under (api/sessionToken.ts). */
const sentUnder = new WeakMap<Request, number>();

const safeMethods = new Set(['GET', 'HEAD']);

/** Someone (start-up) decides what a 401 means for the session; the HTTP layer only reports it. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Per-request switches, passed as ky's `context`:
 * - `withoutBearer`: do not send the in-memory session token (the mini app's cookie check);
 * - `quietUnauthorized`: a 401 of this request is an answer, not the end of the session.
 */
export interface RequestContext {
  withoutBearer?: boolean;
  quietUnauthorized?: boolean;
}

/**
 * The one HTTP client: same-origin API under /api/v1, cookies sent, no retries (spec 000 s.9:
 * "no retries"), 15 s timeout. Every request says `X-Requested-With: XMLHttpRequest`: the server
 * refuses cookie-authenticated writes without a non-simple header, which a cross-site form can
 * never send. Inside the mini app the in-memory session token goes along as a bearer token.
 * Failures are turned into `ApiError`s by `call()`.
 *
 * A 401 ends the session only when the request was sent under the current session. One sent
 * before a sign-in replaced the session (the page's first requests on a reload still carry the
 * old cookie, which the sign-in deleted) is stale: a read is sent again under the new session,
 * and nothing is reported either way. A sign-in can therefore never sign the person out.
 */
export const http = ky.create({
  // Same origin, spelled out so that the client also works where relative URLs do not (jsdom).
  baseUrl: typeof location === 'undefined' ? undefined : location.origin,
  prefix: apiBasePath,
  credentials: 'include',
  retry: 0,
  timeout: 15_000,
  headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  hooks: {
    beforeRequest: [
      ({ request, options }) => {
        sentUnder.set(request, sessionGeneration());
        const token = sessionToken();
        if (token !== null && options.context.withoutBearer !== true) {
          request.headers.set('authorization', `Bearer ${token}`);
        }
      },
    ],
    afterResponse: [
      ({ request, response, options }) => {
        if (response.status !== 401 || options.context.quietUnauthorized === true) return;
        const generation = sentUnder.get(request);
        if (generation === undefined || generation === sessionGeneration()) {
          for (const listener of unauthorizedListeners) listener(request);
          return;
        }
        // Stale: answered for a session that has since been replaced or ended. A read is asked
        // again under the current session (whose own 401 would be real); a write is not
        // repeated behind the person's back, and its caller sees the 401 as a failed call.
        if (!sessionActive() || !safeMethods.has(request.method)) return;
        return http(new Request(request), { context: options.context });
      },
    ],
  },
});
