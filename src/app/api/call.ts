import { isHTTPError } from 'ky';
import type { BodyOf, EndpointDefinition, ParamsOf, QueryOf, ResponseOf } from '../../contract/endpoint.ts';
import { ApiCallError, normalizeApiError, UnexpectedResponseError } from './errors.ts';
import { http } from './http.ts';

export interface CallInput<E extends EndpointDefinition> {
  readonly params?: ParamsOf<E>;
  readonly query?: QueryOf<E>;
  readonly body?: BodyOf<E>;
  readonly signal?: AbortSignal;
}

function entriesOf(value: unknown): [string, unknown][] {
  return typeof value === 'object' && value !== null ? Object.entries(value) : [];
}

/** "/wallet/address/:network/:id" with { network: 'TON', id: 7 } → "wallet/address/TON/7". */
export function buildPath(path: string, params: unknown): string {
  const values = new Map(entriesOf(params));
  return path.replace(/^\//, '').replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values.get(name);
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

function searchParamsOf(query: unknown): URLSearchParams | undefined {
  const search = new URLSearchParams();
  for (const [key, value] of entriesOf(query)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  return search.size > 0 ? search : undefined;
}

/**
 * Sends one call of the contract and returns the answer's JSON unvalidated. A failure status
 * becomes an `ApiCallError` (normalised per spec 000 s.8); no response rethrows ky's own error,
 * which `toApiError()` maps to null.
 */
export async function request<E extends EndpointDefinition>(endpoint: E, input: CallInput<E> = {}): Promise<unknown> {
  try {
    const response = await http(buildPath(endpoint.path, input.params), {
      method: endpoint.method,
      searchParams: searchParamsOf(input.query),
      json: input.body,
      signal: input.signal,
    });
    const text = await response.text();
    return text === '' ? undefined : JSON.parse(text);
  } catch (thrown) {
    if (isHTTPError(thrown)) throw new ApiCallError(normalizeApiError(thrown.response.status, thrown.data));
    throw thrown;
  }
}

/** The typed call: sends `endpoint` and validates its answer with the endpoint's response schema. */
export async function call<E extends EndpointDefinition>(
  endpoint: E,
  input: CallInput<E> = {},
): Promise<ResponseOf<E>> {
  const json = await request(endpoint, input);
  return parseResponse(endpoint, json);
}

export function parseResponse<E extends EndpointDefinition>(endpoint: E, json: unknown): ResponseOf<E> {
  const schema: E['response'] = endpoint.response;
  const result = schema.safeParse(json);
  if (!result.success) throw new UnexpectedResponseError(endpoint.path, result.error);
  return result.data;
}
