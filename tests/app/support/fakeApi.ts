/**
 * The part every fake Kopilka API of the app tests shares: a stubbed `fetch` that reads each
 * request as its route ("GET /wallet/balance", without the /api/v1 prefix), query and JSON body,
 * and answers with what the fake's routes return, or a 404 naming the route no fake serves.
 */
import { vi } from 'vitest';
import type { UserSettings } from '../../../src/contract/settings.ts';
import type { AssetCatalogue } from '../../../src/contract/wallet.ts';
import { signedIn } from '../support.tsx';

export interface Answer {
  status: number;
  body: unknown;
}

export interface FakeRequest {
  method: string;
  path: string;
  /** The method and the path without the /api/v1 prefix: "GET /wallet/balance". */
  route: string;
  search: URLSearchParams;
  /** The parsed JSON body; undefined when nothing was sent. */
  body: unknown;
}

/** What a fake's routes answer; undefined for a route it does not serve. */
export type Routes = (request: FakeRequest) => Answer | undefined | Promise<Answer | undefined>;

export const baseSettings: UserSettings =
  signedIn.status === 'signed-in'
    ? signedIn.settings
    : (() => {
        throw new Error('the signed-in fixture has no settings');
      })();

export function ok(body: unknown): Answer {
  return { status: 200, body };
}

export function json({ status, body }: Answer): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A request as the fakes read it: its route, query and JSON body. */
export async function readFakeRequest(input: Request | string | URL, init?: RequestInit): Promise<FakeRequest> {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  const path = url.pathname.replace(/^\/api\/v1/, '');
  const text = await request.clone().text();
  const body: unknown = text === '' ? undefined : JSON.parse(text);
  return { method: request.method, path, route: `${request.method} ${path}`, search: url.searchParams, body };
}

/** What a fake answers for a route it does not serve. */
export function noFakeFor(route: string): Answer {
  return { status: 404, body: { code: 'not_found', message: `No fake for ${route}` } };
}

export function stubFetch(routes: Routes): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
      const request = await readFakeRequest(input, init);
      return json((await routes(request)) ?? noFakeFor(request.route));
    }),
  );
}

/**
 * The wallet pages' fakes: each request is recorded, a failure the test set for its route is
 * answered first, then the user's settings and the catalogue every page loads, then the
 * feature's own routes.
 */
export function stubWalletFetch(options: {
  /** The catalogue, or what it is at the time of each request. */
  catalogue: AssetCatalogue | (() => AssetCatalogue);
  record(request: FakeRequest): void;
  failure(route: string): Answer | undefined;
  routes: Routes;
}): void {
  stubFetch((request) => {
    options.record(request);
    const failure = options.failure(request.route);
    if (failure) return failure;
    if (request.route === 'GET /user/settings') return ok(baseSettings);
    if (request.route === 'GET /wallet/asset') {
      return ok(typeof options.catalogue === 'function' ? options.catalogue() : options.catalogue);
    }
    return options.routes(request);
  });
}

/** A string field of a JSON body, or '' when it is missing or not a string. */
export function stringField(body: unknown, key: string): string {
  const value: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, key) : undefined;
  return typeof value === 'string' ? value : '';
}
