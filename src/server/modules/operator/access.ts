import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointDefinition, ResponseOf } from '../../../contract/endpoint';
import { ApiError } from '../../http/api-error';
import { authenticate } from '../../http/authenticate';
import { apiNotFound } from '../../http/error-handler';
import type { Parsed } from '../../http/parse-request';
import {
  type EndpointContext,
  type EndpointInput,
  type EndpointOptions,
  registerEndpoint,
} from '../../http/register-endpoint';
import { type DownloadEndpoint, registerFileDownload } from '../uploads/routes';
import type { OpenedFile } from '../uploads/service';

/** An operator endpoint's handler: the endpoint's input plus the operator who calls. */
export type OperatorHandler<E extends EndpointDefinition> = (
  input: Omit<EndpointInput<E>, 'userId'> & { readonly operatorId: number },
) => Promise<ResponseOf<E>>;

/** Registers the routes of the operator area; every one of them is behind the same gate. */
export interface OperatorArea {
  endpoint<E extends EndpointDefinition>(endpoint: E, handler: OperatorHandler<E>, options?: EndpointOptions): void;
  download<E extends DownloadEndpoint>(
    endpoint: E,
    open: (input: { readonly operatorId: number; readonly params: Parsed<E['params']> }) => Promise<OpenedFile>,
  ): void;
}

/** The Telegram ids allowed into the operator area (OPERATOR_IDS). */
export interface OperatorSettings {
  readonly operatorIds: ReadonlySet<number>;
}

/**
 * The one place the operator area is authorised (compliance now, P2P disputes later). Its routes
 * live in their own scope whose first hook, before the body is even parsed, lets through only a
 * signed-in session of an operator; anyone else (signed out, a forged cookie form, a person who
 * is not an operator) gets the 404 of a path that does not exist, so the area does not show.
 */
export async function registerOperatorArea(
  app: FastifyInstance,
  context: EndpointContext,
  settings: OperatorSettings,
  register: (area: OperatorArea) => void,
): Promise<void> {
  const operatorOf = new WeakMap<FastifyRequest, number>();
  const calledBy = (request: FastifyRequest): number => {
    const operatorId = operatorOf.get(request);
    // The gate ran for every request of the scope; without an id the route escaped it.
    if (operatorId === undefined) throw apiNotFound(request.method, request.url);
    return operatorId;
  };

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      let userId: number | null = null;
      try {
        userId = await authenticate(context.db, request, context.now(), context.sessions);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
      }
      if (userId === null || !settings.operatorIds.has(userId)) throw apiNotFound(request.method, request.url);
      operatorOf.set(request, userId);
    });

    register({
      endpoint: (endpoint, handler, options) => {
        registerEndpoint(
          scope,
          context,
          endpoint,
          ({ request, reply, params, query, body }) =>
            handler({ request, reply, params, query, body, operatorId: calledBy(request) }),
          options,
        );
      },
      download: (endpoint, open) => {
        registerFileDownload(scope, context, endpoint, ({ params, userId }) => open({ operatorId: userId, params }));
      },
    });
  });
}
