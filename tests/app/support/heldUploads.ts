/**
 * Fakes for the browser APIs an upload goes through, whose answers the test gives when it
 * chooses: `HeldUploadServer` replaces XMLHttpRequest (uploads with progress, src/app/api/upload.ts)
 * and `HeldFileReader` replaces FileReader (the first bytes of a chosen file). Every upload is
 * recorded with its route, headers and multipart body; it waits until the test reports progress,
 * answers, fails or sees it aborted.
 */
import { vi } from 'vitest';

export interface SeenUpload {
  /** "POST /user/compliance-documents/D7K2Q9/file" (without /api/v1). */
  route: string;
  headers: Record<string, string>;
  withCredentials: boolean;
  body: FormData | null;
  aborted: boolean;
  answered: boolean;
}

type Listener = ((event: ProgressEvent) => void) | null;

function progressEvent(loaded: number, total: number): ProgressEvent {
  return new ProgressEvent('progress', { lengthComputable: true, loaded, total });
}

export class HeldUploadServer {
  readonly uploads: SeenUpload[] = [];
  private readonly open = new Map<SeenUpload, FakeRequest>();

  install(): void {
    const server = this;
    class FakeXhr implements FakeRequest {
      readonly upload: { onprogress: Listener } = { onprogress: null };
      onload: Listener = null;
      onerror: Listener = null;
      onabort: Listener = null;
      withCredentials = false;
      status = 0;
      responseText = '';
      private method = 'GET';
      private url = '';
      private readonly headers: Record<string, string> = {};
      private responseHeaders = '';
      private seen: SeenUpload | null = null;

      open(method: string, url: string): void {
        this.method = method;
        this.url = url;
      }
      setRequestHeader(name: string, value: string): void {
        this.headers[name.toLowerCase()] = value;
      }
      getAllResponseHeaders(): string {
        return this.responseHeaders;
      }
      send(body: FormData | null): void {
        const path = new URL(this.url).pathname.replace(/^\/api\/v1/, '');
        this.seen = {
          route: `${this.method} ${path}`,
          headers: { ...this.headers },
          withCredentials: this.withCredentials,
          body,
          aborted: false,
          answered: false,
        };
        server.uploads.push(this.seen);
        server.open.set(this.seen, this);
      }
      abort(): void {
        if (this.seen === null) return;
        this.seen.aborted = true;
        server.open.delete(this.seen);
        this.onabort?.(new ProgressEvent('abort'));
      }
      progress(loaded: number, total: number): void {
        this.upload.onprogress?.(progressEvent(loaded, total));
      }
      answer(status: number, body: unknown): void {
        if (this.seen !== null) this.seen.answered = true;
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.responseHeaders = 'content-type: application/json; charset=utf-8\r\nx-request-id: req-upload-1\r\n';
        this.onload?.(new ProgressEvent('load'));
      }
      fail(): void {
        if (this.seen !== null) this.seen.answered = true;
        this.onerror?.(new ProgressEvent('error'));
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }

  /** The newest upload, or undefined. */
  last(): SeenUpload | undefined {
    return this.uploads.at(-1);
  }

  /** Whether an upload is waiting for its answer. */
  isWaiting(): boolean {
    return this.open.size > 0;
  }

  private waiting(): FakeRequest {
    const [request] = [...this.open.values()];
    if (request === undefined) throw new Error(`No upload is waiting (seen ${this.uploads.length})`);
    return request;
  }

  progress(loaded: number, total: number): void {
    this.waiting().progress(loaded, total);
  }

  answer(status: number, body: unknown): void {
    const request = this.waiting();
    this.open.clear();
    request.answer(status, body);
  }

  /** No answer at all: the network failed. */
  fail(): void {
    const request = this.waiting();
    this.open.clear();
    request.fail();
  }
}

interface FakeRequest {
  progress(loaded: number, total: number): void;
  answer(status: number, body: unknown): void;
  fail(): void;
}

/** FileReader whose reads wait for `finish(bytes)` or `fail()`. */
export class HeldFileReader {
  readonly reads: Blob[] = [];
  private pending: { finish: (bytes: Uint8Array) => void; fail: () => void } | null = null;

  install(): void {
    const held = this;
    class FakeFileReader {
      result: ArrayBuffer | null = null;
      error: DOMException | null = null;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      readAsArrayBuffer(blob: Blob): void {
        held.reads.push(blob);
        held.pending = {
          finish: (bytes) => {
            this.result = bytes.slice().buffer;
            this.onload?.();
          },
          fail: () => {
            this.error = new DOMException('The file could not be read', 'NotReadableError');
            this.onerror?.();
          },
        };
      }
    }
    vi.stubGlobal('FileReader', FakeFileReader);
  }

  isReading(): boolean {
    return this.pending !== null;
  }

  finish(bytes: Uint8Array): void {
    const pending = this.take();
    pending.finish(bytes);
  }

  fail(): void {
    this.take().fail();
  }

  private take() {
    const pending = this.pending;
    if (pending === null) throw new Error('No file is being read');
    this.pending = null;
    return pending;
  }
}
