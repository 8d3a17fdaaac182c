import ky from 'ky';
import { apiBasePath } from '../../contract/endpoint.ts';

type UnauthorizedListener = (request: Request) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Someone (start-up) decides what a 401 means for the session; the HTTP layer only reports it. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * The one HTTP client: same-origin API under /api/v1, cookies sent, no retries (spec 000 s.9:
 * "no retries"), 15 s timeout. Failures are turned into `ApiError`s by `call()`.
 */
export const http = ky.create({
  // Same origin, spelled out so that the client also works where relative URLs do not (jsdom).
  baseUrl: typeof location === 'undefined' ? undefined : location.origin,
  prefix: apiBasePath,
  credentials: 'include',
  retry: 0,
  timeout: 15_000,
  headers: { accept: 'application/json' },
  hooks: {
    afterResponse: [
      ({ request, response }) => {
        if (response.status === 401) for (const listener of unauthorizedListeners) listener(request);
      },
    ],
  },
});
