/**
 * Error reporting (spec 000 s.8): the last 10 API errors are kept, a server failure (5xx) that
 * came without a message is reported with its trace id, and a session cookie that did not stick
 * after a mini-app sign-in is reported.
 *
 * There is no external error-reporting service yet. "Reported" means handed to the reporter set
 * with `setErrorReporter`; the default one writes to the console in development and does nothing
 * in production. Plugging a service in is one call at start-up, nothing else changes.
 * `recentApiErrors()` is what such a service (or a support screen) would attach to a report.
 */

/** One failed API call. `status` is null when there was no response at all. */
export interface ApiErrorRecord {
  readonly at: string;
  readonly method: string;
  /** The path under the API base, without the query string (which may carry personal data). */
  readonly path: string;
  readonly status: number | null;
  readonly message: string;
  /** The server's stable code (`body.code`), or null. */
  readonly reason: string | null;
  /** The request's trace id: the `x-request-id` answer header or `data.request_id`; null if none. */
  readonly traceId: string | null;
}

export type ErrorReport =
  | { readonly kind: 'server_error'; readonly error: ApiErrorRecord }
  | { readonly kind: 'session_cookie_missing'; readonly detail: string };

export type ErrorReporter = (report: ErrorReport, recent: readonly ApiErrorRecord[]) => void;

/** How many API errors are kept (spec 000 s.8). */
export const KEPT_API_ERRORS = 10;

const recent: ApiErrorRecord[] = [];

/** Development only, and not in the test runner (which checks reports through `setErrorReporter`). */
const logsToConsole = import.meta.env.DEV && import.meta.env.MODE !== 'test';

const consoleReporter: ErrorReporter = (report, errors) => {
  if (logsToConsole) console.warn('[error report]', report, errors);
};

let reporter: ErrorReporter = consoleReporter;

/** Sets where reports go (null: back to the default, the console in development). */
export function setErrorReporter(next: ErrorReporter | null): void {
  reporter = next ?? consoleReporter;
}

export function report(value: ErrorReport): void {
  try {
    reporter(value, [...recent]);
  } catch {
    // A failing reporter must never break the call that failed.
  }
}

/** Keeps the error (the last 10) and reports a 5xx that carries no message, with its trace id. */
export function recordApiError(error: Omit<ApiErrorRecord, 'at'>): void {
  const record: ApiErrorRecord = { ...error, at: new Date().toISOString() };
  recent.push(record);
  if (recent.length > KEPT_API_ERRORS) recent.splice(0, recent.length - KEPT_API_ERRORS);
  if (logsToConsole) console.debug('[api error]', record);
  if (record.status !== null && record.status >= 500 && record.message === '') {
    report({ kind: 'server_error', error: record });
  }
}

/** The last API errors, oldest first. */
export function recentApiErrors(): readonly ApiErrorRecord[] {
  return [...recent];
}

/** For tests: forget what was kept. */
export function clearApiErrors(): void {
  recent.length = 0;
}
