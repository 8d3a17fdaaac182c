import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/database';
import { apiNotFound, installErrorHandler } from './http/error-handler';
import type { EndpointContext } from './http/register-endpoint';
import { serveApp } from './http/serve-app';
import type { TelegramSettings } from './integrations/telegram/settings';
import { registerAuthRoutes } from './modules/auth/routes';
import type { SessionPolicy } from './modules/auth/sessions';
import { registerHealthRoutes } from './modules/health/routes';
import { registerLocalLoginRoutes } from './modules/local-login/routes';
import { registerReferralRoutes } from './modules/referrals/routes';
import { registerSettingsRoutes } from './modules/settings/routes';
import { registerUserRoutes } from './modules/users/routes';
import { registerWalletRoutes } from './modules/wallet/routes';

export interface AppDependencies {
  readonly database: DatabaseHandle;
  /** Directory of the built app (index.html and assets/); null serves the API alone. */
  readonly appDir: string | null;
  /** Pino level, or 'silent'. */
  readonly logLevel: string;
  /** Validate every answer against the contract (on in development and tests). */
  readonly validateResponses: boolean;
  /** The clock; tests move it to expire sessions. */
  readonly now?: () => Date;
  /** The bot whose data signs people in; local mode adds the login page stand-in. */
  readonly telegram: TelegramSettings;
  readonly sessions: SessionPolicy;
  /** Believe X-Forwarded-* (behind a reverse proxy): the cookie's Secure flag and origins depend on it. */
  readonly trustProxy?: boolean;
}

/** The whole server as a Fastify instance: `main.ts` listens on it, tests call `app.inject`. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: dependencies.logLevel },
    genReqId: () => randomUUID(),
    trustProxy: dependencies.trustProxy ?? false,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandler(app);
  await app.register(fastifyCookie);

  const context: EndpointContext = {
    db: dependencies.database.db,
    now: dependencies.now ?? (() => new Date()),
    validateResponses: dependencies.validateResponses,
    sessions: dependencies.sessions,
  };
  registerHealthRoutes(app, context, dependencies.database.kind);
  registerAuthRoutes(app, context, dependencies.telegram);
  registerUserRoutes(app, context);
  registerReferralRoutes(app, context);
  registerWalletRoutes(app, context);
  registerSettingsRoutes(app, context);
  // Outside local mode the stand-in does not exist at all (its path is a plain 404).
  if (dependencies.telegram.localMode) await registerLocalLoginRoutes(app, context, dependencies.telegram);

  if (dependencies.appDir === null) {
    app.setNotFoundHandler((request) => {
      throw apiNotFound(request.method, request.url);
    });
  } else {
    await serveApp(app, dependencies.appDir);
  }
  return app;
}
