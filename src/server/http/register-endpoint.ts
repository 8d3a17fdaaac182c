import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { EndpointDefinition, ResponseOf } from '../../contract/endpoint';
import { apiBasePath } from '../../contract/endpoint';
import type { Database } from '../db/database';
import type { ReferencePriceFeed } from '../integrations/prices/price-feed';
import type { SessionEnds } from '../modules/auth/session-ends';
import type { SessionPolicy } from '../modules/auth/sessions';
import type { P2cLiveEvents } from '../modules/p2c-payments/live-events';
import type { FeatureFlagPolicy } from '../modules/settings/feature-flags';
import { authenticate, sessionCredential } from './authenticate';
import { compressJsonAnswer } from './compression';
import { type Parsed, parseRequestPart, parseResponse, requestSchema } from './parse-request';
import type { RateLimiter, RateLimitRuleName } from './rate-limit';
import { sendRevalidated } from './revalidation';

/** What a handler receives: the request parts already validated by the endpoint's schemas. */
export interface EndpointInput<E extends EndpointDefinition> {
  readonly params: Parsed<E['params']>;
  readonly query: Parsed<E['query']>;
  readonly body: Parsed<E['body']>;
  /** The signed-in user's id on endpoints with `auth: true`. */
  readonly userId: E['auth'] extends true ? number : undefined;
  readonly request: FastifyRequest;
  /** For the few calls that set cookies or headers besides their answer (sign-in, sign-out). */
  readonly reply: FastifyReply;
}

export type EndpointHandler<E extends EndpointDefinition> = (input: EndpointInput<E>) => Promise<ResponseOf<E>>;

export interface EndpointContext {
  readonly db: Database;
  readonly now: () => Date;
  /** Check every answer against its schema (development and tests): a drifting answer is a 500. */
  readonly validateResponses: boolean;
  /** Idle and absolute session expiry. */
  readonly sessions: SessionPolicy;
  /** Counters shared through the database (see rate-limit.ts). */
  readonly rateLimits: RateLimiter;
  /** Which features each user sees (public, tester and stored flags). */
  readonly featureFlags: FeatureFlagPolicy;
  /** The reference prices the wallet shows and floating offers follow. */
  readonly referencePrices: ReferencePriceFeed;
  /** Where P2C payments added to or removed from merchants' live list are announced, after commit. */
  readonly p2cLiveEvents: P2cLiveEvents;
  /** Where ending sessions is announced, after the deletion (the live list drops their sockets). */
  readonly sessionEnds: SessionEnds;
}

function resolveUser<E extends EndpointDefinition>(
  endpoint: E,
  context: EndpointContext,
  request: FastifyRequest,
): Promise<EndpointInput<E>['userId']>;
async function resolveUser(
  endpoint: EndpointDefinition,
  context: EndpointContext,
  request: FastifyRequest,
): Promise<number | undefined> {
  return endpoint.auth ? authenticate(context.db, request, context.now(), context.sessions) : undefined;
}

export interface EndpointOptions {
  /**
   * The rate limit every call counts against, per account (signed-in endpoints) and per address.
   * A request already known to be over it is refused before its session is looked up; the rest
   * count one hit once authenticated and validated, before the handler runs.
   */
  readonly rateLimit?: RateLimitRuleName;
  /**
   * An answer the app polls: sent with an ETag over its bytes and `Cache-Control: private,
   * no-cache`, and answered 304 without a body when `If-None-Match` names it (revalidation.ts).
   */
  readonly revalidate?: boolean;
}

/**
 * Registers one contract endpoint under /api/v1: authenticates when the endpoint says so,
 * validates params, query and body with its schemas (400 `validation_failed` otherwise), and
 * hands the parsed input to the handler. Every request part is strict: unknown fields, text the
 * database cannot store (NUL, lone surrogates) and a part the endpoint does not define are 400s
 * (see parse-request.ts and strict-schema.ts). An answer of 1 KiB or more is sent compressed to a
 * client that accepts brotli or gzip (compression.ts).
 */
export function registerEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  context: EndpointContext,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void {
  const url = `${apiBasePath}${endpoint.path}`;
  // Built once here rather than per request: copies of the contract's schemas whose objects refuse unknown keys.
  const params = requestSchema<E['params']>(endpoint.params);
  const query = requestSchema<E['query']>(endpoint.query);
  const body = requestSchema<E['body']>(endpoint.body);
  const route: RouteOptions = {
    method: endpoint.method,
    url,
    // JSON answers of 1 KiB or more go compressed (compression.ts).
    onSend: compressJsonAnswer,
    handler: async (request, reply) => {
      const { rateLimit } = options;
      const credential = rateLimit === undefined ? undefined : sessionCredential(request);
      if (rateLimit !== undefined) context.rateLimits.refuseKnown(rateLimit, { address: request.ip, credential });
      const userId = await resolveUser(endpoint, context, request);
      const parsed = {
        params: parseRequestPart(params, request.params, 'params'),
        query: parseRequestPart(query, request.query, 'query'),
        body: parseRequestPart(body, request.body, 'body'),
      };
      if (rateLimit !== undefined) {
        await context.rateLimits.hit(rateLimit, { userId, address: request.ip, credential });
      }
      const answer = await handler({ ...parsed, userId, request, reply });
      const checked = context.validateResponses
        ? parseResponse(endpoint.response, answer, `${endpoint.method} ${url}`)
        : answer;
      return options.revalidate === true ? sendRevalidated(request, reply, checked) : checked;
    },
  };
  if (endpoint.upload === true) {
    // Multipart is parsed only in an upload endpoint's own scope: every other endpoint keeps
    // refusing it (415). Its limits are set per request by the uploads module, which reads the file.
    app.register(async (scope) => {
      await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
      scope.route(route);
    });
  } else {
    app.route(route);
  }
}
