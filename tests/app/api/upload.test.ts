/**
 * Uploads with progress (src/app/api/upload.ts): XMLHttpRequest for the progress, the HTTP
 * client's handling for everything else. The fake XMLHttpRequest answers when the test says.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError, toApiError } from '../../../src/app/api/errors.ts';
import { onUnauthorized, TimeoutError } from '../../../src/app/api/http.ts';
import { sessionBegan, sessionEnded } from '../../../src/app/api/sessionToken.ts';
import { type UploadProgress, uploadCall } from '../../../src/app/api/upload.ts';
import { complianceEndpoints } from '../../../src/contract/compliance.ts';
import { HELD_SERVER_FAKE_TIMERS, settle } from '../support/heldServer.ts';
import { HeldUploadServer } from '../support/heldUploads.ts';

const document = {
  short_id: 'D4',
  type: 'bank_statement',
  status: 'on_review',
  uploaded_at: '2026-11-24T12:00:00.000Z',
  uploaded_name: 'march.pdf',
  comment: null,
};

function form(): FormData {
  const body = new FormData();
  body.append('file', new File(['%PDF-1.7 statement'], 'march.pdf', { type: 'application/pdf' }));
  return body;
}

let server: HeldUploadServer;

beforeEach(() => {
  vi.useFakeTimers(HELD_SERVER_FAKE_TIMERS);
  server = new HeldUploadServer();
  server.install();
});
afterEach(() => {
  sessionEnded();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function send(options: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void } = {}) {
  return uploadCall(complianceEndpoints.uploadRequestedDocument, {
    params: { short_id: 'D4' },
    form: form(),
    ...options,
  });
}

describe('an upload', () => {
  it('goes to the document’s path with cookies, the bearer token and the anti-forgery header, and answers the document', async () => {
    sessionBegan('tok-7');
    const answer = send();
    expect(server.last()?.route).toBe('POST /user/compliance-documents/D4/file');
    expect(server.last()?.headers).toMatchObject({
      authorization: 'Bearer tok-7',
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(server.last()?.headers['content-type']).toBeUndefined();
    expect(server.last()?.withCredentials).toBe(true);
    server.answer(200, document);
    expect(await answer).toEqual(document);
  });

  it('reports the bytes sent as they go', async () => {
    const seen: UploadProgress[] = [];
    const answer = send({ onProgress: (progress) => seen.push(progress) });
    server.progress(1000, 4000);
    server.progress(4000, 4000);
    server.answer(200, document);
    await answer;
    expect(seen).toEqual([
      { loaded: 1000, total: 4000 },
      { loaded: 4000, total: 4000 },
    ]);
  });

  it('refused fails with the normalised error: status, the message after its prefix, the server’s code', async () => {
    const answer = send();
    server.answer(413, { code: 'file_too_large', message: 'Uploads: The file is larger than 10 MB' });
    const thrown = await answer.catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ApiCallError);
    expect(toApiError(thrown)).toEqual({
      code: 413,
      message: 'The file is larger than 10 MB',
      data: undefined,
      reason: 'file_too_large',
    });
  });

  it('without an answer fails with no error object', async () => {
    const answer = send();
    server.fail();
    const thrown = await answer.catch((error: unknown) => error);
    expect(toApiError(thrown)).toBeNull();
  });

  it('answered 401 ends the session once and is not sent again', async () => {
    sessionBegan('tok-8');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    const answer = send();
    server.answer(401, { code: 'unauthorized', message: 'Sign in' });
    await answer.catch(() => undefined);
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(server.uploads).toHaveLength(1);
  });

  it('cancelled by its signal aborts the request and rejects with the signal’s reason', async () => {
    const controller = new AbortController();
    const answer = send({ signal: controller.signal });
    controller.abort(new DOMException('left the screen', 'AbortError'));
    const thrown = await answer.catch((error: unknown) => error);
    expect(server.last()?.aborted).toBe(true);
    expect(thrown).toMatchObject({ name: 'AbortError', message: 'left the screen' });
  });

  it('that sends nothing for 15 s fails as unanswered; bytes going out keep it alive', async () => {
    const answer = send();
    const outcome = answer.catch((error: unknown) => error);
    vi.advanceTimersByTime(14_000);
    server.progress(1000, 4000);
    vi.advanceTimersByTime(14_999);
    expect(server.last()?.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    await settle();
    expect(server.last()?.aborted).toBe(true);
    const thrown = await outcome;
    expect(thrown).toBeInstanceOf(TimeoutError);
    expect(toApiError(thrown)).toBeNull();
  });
});
