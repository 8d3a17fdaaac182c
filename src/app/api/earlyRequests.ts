import type { EndpointDefinition, ResponseOf } from '../../contract/endpoint.ts';
import { type CallInput, call, parseResponse } from './call.ts';
import { http, readJson } from './http.ts';

/**
 * Reads the first screen needs, sent by the entry while sign-in runs, before the code of the
 * screen that reads them has arrived (one round trip earlier than its query would send them).
 * Only public reads: the entry carries no contract for them, so the answer is kept as it came and
 * validated by the query that takes it.
 */
const earlyAnswers = new Map<string, Promise<unknown>>();

/** Sends `GET <path>` now; a failure (or no response) is forgotten and the query asks again. */
export function requestEarly(path: string): void {
  if (earlyAnswers.has(path)) return;
  const answer = http(path.replace(/^\//, ''))
    .then(readJson)
    .catch(() => undefined);
  earlyAnswers.set(path, answer);
}

/**
 * The call of `endpoint`, answered by its early request when the entry sent one (once: later
 * calls go out as usual), else sent now. The early answer is validated like any other.
 */
export async function callOrTakeEarly<E extends EndpointDefinition>(
  endpoint: E,
  input: CallInput<E> = {},
): Promise<ResponseOf<E>> {
  const early = earlyAnswers.get(endpoint.path);
  earlyAnswers.delete(endpoint.path);
  const answer = early === undefined ? undefined : await early;
  return answer === undefined ? call(endpoint, input) : parseResponse(endpoint, answer);
}
