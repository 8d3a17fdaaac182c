import type { EndpointDefinition, ParamsOf, ResponseOf } from '../../contract/endpoint.ts';
import { buildPath, callFailure, parseResponse } from './call.ts';
import { apiRequest, okOrThrow, readJson, reportUnauthorized, TimeoutError, timeoutMs } from './http.ts';
import { sessionGeneration } from './sessionToken.ts';

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  readonly loaded: number;
  /** Bytes of the request body in all. */
  readonly total: number;
}

export interface UploadCallInput<E extends EndpointDefinition> {
  readonly params?: ParamsOf<E>;
  /** The multipart body: its fields, then its file. */
  readonly form: FormData;
  /** Aborts the upload: the call rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: UploadProgress) => void;
}

/** "content-type: a\r\nx-request-id: b" → Headers. */
function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

const nullBodyStatuses = new Set([204, 205, 304]);

/**
 * Sends `request` (its URL, method and headers) with `body` through XMLHttpRequest, the only
 * browser API that reports upload progress, and answers a fetch `Response` so that what follows
 * is the HTTP client's own handling. The time limit is the client's, counted from the last sign of
 * life (bytes going out), not from the start: a 10 MB file on a slow phone takes longer than 15 s
 * to send, yet a stalled upload still fails like any unanswered request.
 */
function sendWithProgress(
  request: Request,
  body: FormData,
  options: Pick<UploadCallInput<EndpointDefinition>, 'signal' | 'onProgress'>,
): Promise<Response> {
  const { signal, onProgress } = options;
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopWaiting = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    };
    const fail = (reason: unknown) => {
      stopWaiting();
      reject(reason);
    };
    const waitForLife = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        xhr.onabort = null;
        xhr.abort();
        fail(new TimeoutError(`No progress within ${timeoutMs} ms`));
      }, timeoutMs);
    };
    const abort = () => {
      xhr.onabort = null;
      xhr.abort();
      fail(signal?.reason ?? new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    for (const [name, value] of request.headers) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      waitForLife();
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      stopWaiting();
      const text = nullBodyStatuses.has(xhr.status) ? null : xhr.responseText;
      resolve(new Response(text, { status: xhr.status, headers: headersOf(xhr.getAllResponseHeaders()) }));
    };
    xhr.onerror = () => fail(new TypeError('The upload failed: no answer'));
    xhr.onabort = () => fail(new DOMException('The upload was aborted', 'AbortError'));
    if (signal?.aborted) {
      abort();
      return;
    }
    signal?.addEventListener('abort', abort);
    waitForLife();
    xhr.send(body);
  });
}

/**
 * The typed upload: sends `endpoint` with a multipart body, reporting progress, and validates its
 * answer with the endpoint's response schema. Everything else is the HTTP client's (http.ts,
 * call.ts): the same URL and headers (bearer token, X-Requested-With, cookies), a 401 that ends
 * the session, failures normalised into an `ApiCallError` and recorded, no retries. A 401 is
 * never answered by sending the file again: an upload is a write.
 */
export async function uploadCall<E extends EndpointDefinition>(
  endpoint: E,
  input: UploadCallInput<E>,
): Promise<ResponseOf<E>> {
  const request = apiRequest(buildPath(endpoint.path, input.params), { method: endpoint.method });
  const sentUnder = sessionGeneration();
  let json: unknown;
  try {
    const response = await sendWithProgress(request, input.form, input);
    if (response.status === 401) reportUnauthorized(request, sentUnder);
    json = await readJson(await okOrThrow(response));
  } catch (thrown) {
    throw callFailure(endpoint, thrown);
  }
  return parseResponse(endpoint, json);
}
