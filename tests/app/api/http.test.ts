import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toApiError } from '../../../src/app/api/errors.ts';
import { HttpError, http, onUnauthorized, readJson, TimeoutError } from '../../../src/app/api/http.ts';
import { sessionBegan, sessionEnded } from '../../../src/app/api/sessionToken.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  sessionEnded();
});

function answer(status: number, body: string | null, contentType?: string): Response {
  return new Response(body, { status, headers: contentType === undefined ? {} : { 'content-type': contentType } });
}

function sent(): Request {
  const input = fetchMock.mock.calls.at(-1)?.[0];
  if (!(input instanceof Request)) throw new Error('fetch was not called with a Request');
  return input;
}

/** A server that never answers: the request ends only when its signal aborts. */
function neverAnswering(): void {
  fetchMock.mockImplementation(
    (_input, init) =>
      new Promise<Response>((_resolve, reject) => {
        if (init?.signal?.aborted) reject(init.signal.reason);
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      }),
  );
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('the request succeeded');
    },
    (thrown: unknown) => thrown,
  );
}

describe('a request', () => {
  it('goes to the same-origin API with cookies, its query, a JSON body and the anti-forgery header', async () => {
    fetchMock.mockResolvedValue(answer(200, '{"ok":true}', 'application/json'));
    const response = await http('wallet/withdraw', {
      method: 'POST',
      searchParams: new URLSearchParams({ dry: 'yes' }),
      json: { amount: '1.5' },
    });

    expect(await readJson(response)).toEqual({ ok: true });
    const request = sent();
    expect(request.url).toBe(`${location.origin}/api/v1/wallet/withdraw?dry=yes`);
    expect(request.method).toBe('POST');
    expect(request.credentials).toBe('include');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('accept')).toBe('application/json');
    expect(request.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(await request.text()).toBe('{"amount":"1.5"}');
  });

  it('without a body is a GET with no content type', async () => {
    fetchMock.mockResolvedValue(answer(200, '{}', 'application/json'));
    await http('health');

    expect(sent().method).toBe('GET');
    expect(sent().headers.has('content-type')).toBe(false);
  });

  it('carries the session token as a bearer token unless told not to', async () => {
    sessionBegan('tok-1');
    fetchMock.mockImplementation(async () => answer(200, '{}', 'application/json'));

    await http('user/settings');
    expect(sent().headers.get('authorization')).toBe('Bearer tok-1');

    await http('user/settings', { context: { withoutBearer: true } });
    expect(sent().headers.has('authorization')).toBe(false);
  });

  it('answered 204 has no JSON', async () => {
    fetchMock.mockResolvedValue(answer(204, null));
    await expect(http('authentication/logout', { method: 'POST' }).then(readJson)).resolves.toBeUndefined();
  });
});

describe('a failure status', () => {
  it('throws the response with its JSON body', async () => {
    fetchMock.mockResolvedValue(
      answer(
        409,
        '{"code":"insufficient_funds","message":"Not enough USDT","data":{"available":"10"}}',
        'application/json; charset=utf-8',
      ),
    );
    const failure = await failureOf(http('wallet/withdraw', { method: 'POST', json: {} }));

    expect(failure).toBeInstanceOf(HttpError);
    expect(toApiError(failure)).toEqual({
      code: 409,
      message: 'Not enough USDT',
      data: { available: '10' },
      reason: 'insufficient_funds',
    });
  });

  it('reads a JSON subtype as JSON', async () => {
    fetchMock.mockResolvedValue(answer(400, '{"message":"Bad amount"}', 'application/problem+json'));
    expect(toApiError(await failureOf(http('wallet/withdraw')))?.message).toBe('Bad amount');
  });

  it('that is not JSON keeps its text as the message, as a proxy’s page would', async () => {
    fetchMock.mockResolvedValue(answer(502, 'Bad Gateway', 'text/plain'));
    expect(toApiError(await failureOf(http('health')))).toEqual({
      code: 502,
      message: 'Bad Gateway',
      data: undefined,
      reason: null,
    });
  });

  it('that claims JSON but does not parse has no body', async () => {
    fetchMock.mockResolvedValue(answer(500, '{"message": "cut sh', 'application/json'));
    expect(toApiError(await failureOf(http('health')))).toEqual({
      code: 500,
      message: '',
      data: undefined,
      reason: null,
    });
  });

  it('with an empty body has no body', async () => {
    fetchMock.mockResolvedValue(answer(503, '', 'application/json'));
    expect(toApiError(await failureOf(http('health')))).toEqual({
      code: 503,
      message: '',
      data: undefined,
      reason: null,
    });
  });

  it('includes a 304 the page sees: the browser answers its own revalidations from its cache', async () => {
    fetchMock.mockResolvedValue(answer(304, null));
    expect(toApiError(await failureOf(http('wallet/balance')))?.code).toBe(304);
  });

  it('is not retried', async () => {
    fetchMock.mockResolvedValue(answer(503, '{"message":"Down"}', 'application/json'));
    await failureOf(http('health'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('a 401', () => {
  it('is reported to whoever watches the session, once', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    fetchMock.mockResolvedValue(answer(401, '{"code":"unauthorized"}', 'application/json'));
    await failureOf(http('user/settings'));
    stop();

    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('of a request that expects one is only an answer', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    fetchMock.mockResolvedValue(answer(401, '{"code":"unauthorized"}', 'application/json'));
    const failure = await failureOf(http('user/settings', { context: { quietUnauthorized: true } }));
    stop();

    expect(toApiError(failure)?.code).toBe(401);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('a 401 answered for a session that has since been replaced', () => {
  it('is let go, and the read is sent again with the new session’s token', async () => {
    sessionBegan('tok-old');
    let staleBodyCancelled = false;
    const staleBody = new ReadableStream({
      cancel() {
        staleBodyCancelled = true;
      },
    });
    fetchMock.mockImplementationOnce(async () => {
      sessionBegan('tok-new');
      return new Response(staleBody, { status: 401, headers: { 'content-type': 'application/json' } });
    });
    fetchMock.mockImplementationOnce(async () => answer(200, '{"id":42}', 'application/json'));
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    const response = await http('user/profile');
    stop();

    expect(await readJson(response)).toEqual({ id: 42 });
    expect(staleBodyCancelled).toBe(true);
    expect(sent().headers.get('authorization')).toBe('Bearer tok-new');
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('a request without an answer', () => {
  it('stops when its signal aborts, with the signal’s reason and no error object', async () => {
    neverAnswering();
    const controller = new AbortController();
    const pending = failureOf(http('wallet/balance', { signal: controller.signal }));
    controller.abort();
    const failure = await pending;

    expect(failure).toBe(controller.signal.reason);
    expect(failure).toHaveProperty('name', 'AbortError');
    expect(toApiError(failure)).toBeNull();
  });

  it('whose signal was aborted before it left ends with the signal’s reason', async () => {
    neverAnswering();
    const controller = new AbortController();
    controller.abort(new DOMException('left the page', 'AbortError'));
    const failure = await failureOf(http('wallet/balance', { signal: controller.signal }));

    expect(failure).toHaveProperty('message', 'left the page');
  });

  it('gives up after 15 seconds, with no error object', async () => {
    vi.useFakeTimers();
    neverAnswering();
    const pending = failureOf(http('wallet/balance'));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const failure = await pending;

    expect(failure).toBeInstanceOf(TimeoutError);
    expect(toApiError(failure)).toBeNull();
  });

  it('after offline fails with what fetch threw', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = await failureOf(http('health'));

    expect(failure).toEqual(new TypeError('Failed to fetch'));
    expect(toApiError(failure)).toBeNull();
  });
});
