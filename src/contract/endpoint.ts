import type * as z from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The API is served under this prefix on the app's own origin. */
export const apiBasePath = '/api/v1';

/**
 * One call of the API. The client's typed call and the server's route
 * registration both read the same definition, so they cannot drift apart.
 * `path` is relative to {@link apiBasePath} and uses `:name` for parameters.
 */
export interface EndpointDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodMiniType;
  readonly query?: z.ZodMiniType;
  readonly body?: z.ZodMiniType;
  readonly response: z.ZodMiniType;
  /** HTTP statuses this call may answer with besides 2xx, 400 and 500. */
  readonly errors?: readonly number[];
  /** Whether the call needs a signed-in session. */
  readonly auth: boolean;
  /**
   * The body is multipart/form-data carrying one file (read by the server's uploads module), not
   * JSON; such an endpoint declares no body schema. Every other endpoint refuses multipart (415).
   */
  readonly upload?: true;
  /**
   * The answer is a file's bytes, sent as an attachment with its own Content-Type, not JSON
   * (errors still are); `response` is then {@link fileDownload}.
   */
  readonly download?: true;
}

export function defineEndpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

export type ResponseOf<E extends EndpointDefinition> = z.infer<E['response']>;
export type BodyOf<E extends EndpointDefinition> = E['body'] extends z.ZodMiniType ? z.input<E['body']> : undefined;
export type QueryOf<E extends EndpointDefinition> = E['query'] extends z.ZodMiniType ? z.input<E['query']> : undefined;
export type ParamsOf<E extends EndpointDefinition> = E['params'] extends z.ZodMiniType
  ? z.input<E['params']>
  : undefined;
