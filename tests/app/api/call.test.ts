import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPath, call } from '../../../src/app/api/call.ts';
import { ApiCallError, toApiError, UnexpectedResponseError } from '../../../src/app/api/errors.ts';
import { onUnauthorized } from '../../../src/app/api/http.ts';
import { fetchSession } from '../../../src/app/features/session/session.ts';
import { healthEndpoints } from '../../../src/contract/health.ts';
import { signedIn } from '../support.tsx';

const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const healthy = { status: 'ok', database: 'pglite', migrations: { applied: 1, pending: 0, latest: '0000_catalogue' } };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function lastRequest(): Request {
  const input = fetchMock.mock.calls.at(-1)?.[0];
  if (!(input instanceof Request)) throw new Error('fetch was not called with a Request');
  return input;
}

describe('the typed call', () => {
  it('fills path parameters', () => {
    expect(buildPath('/wallet/address/:network/:id', { network: 'TON', id: 7 })).toBe('wallet/address/TON/7');
    expect(() => buildPath('/wallet/address/:network', {})).toThrow(/network/);
  });

  it('asks the API under /api/v1 with credentials and validates the answer', async () => {
    fetchMock.mockResolvedValue(json(200, healthy));
    await expect(call(healthEndpoints.getHealth)).resolves.toEqual(healthy);
    const request = lastRequest();
    expect(new URL(request.url).pathname).toBe('/api/v1/health');
    expect(request.credentials).toBe('include');
  });

  it('rejects an answer that breaks the contract', async () => {
    fetchMock.mockResolvedValue(json(200, { status: 'ok' }));
    await expect(call(healthEndpoints.getHealth)).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('turns a failure status into the normalised error', async () => {
    fetchMock.mockResolvedValue(json(503, { code: 'unavailable', message: 'Database: starting up' }));
    const failure = await call(healthEndpoints.getHealth).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiCallError);
    expect(toApiError(failure)).toEqual({ code: 503, message: 'starting up', data: undefined, reason: 'unavailable' });
  });

  it('passes no error object on when there is no response, and does not retry', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = await call(healthEndpoints.getHealth).catch((error: unknown) => error);
    expect(toApiError(failure)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports a 401 to whoever watches the session', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    fetchMock.mockResolvedValue(json(401, { code: 'unauthorized', message: 'Sign in first' }));
    await call(healthEndpoints.getHealth).catch(() => {});
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('the session check', () => {
  it('is signed out on a 401', async () => {
    fetchMock.mockResolvedValue(json(401, { code: 'unauthorized', message: 'No session' }));
    await expect(fetchSession()).resolves.toEqual({ status: 'signed-out' });
  });

  it('is signed out when the settings carry no id', async () => {
    fetchMock.mockResolvedValue(json(200, { language: 'en' }));
    await expect(fetchSession()).resolves.toEqual({ status: 'signed-out' });
  });

  it('is signed in with the settings', async () => {
    if (signedIn.status !== 'signed-in') throw new Error('fixture');
    fetchMock.mockResolvedValue(json(200, signedIn.settings));
    await expect(fetchSession()).resolves.toEqual(signedIn);
  });

  it('fails on any other error, so the app can offer a retry', async () => {
    fetchMock.mockResolvedValue(json(500, { code: 'internal_error', message: 'Internal error' }));
    await expect(fetchSession()).rejects.toBeInstanceOf(ApiCallError);
  });
});
