import type { FastifyInstance } from 'fastify';
import type { DatabaseKind } from '../../../contract/health';
import { healthEndpoints } from '../../../contract/health';
import { readMigrationState } from '../../db/migrations';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';

export function registerHealthRoutes(app: FastifyInstance, context: EndpointContext, databaseKind: DatabaseKind): void {
  registerEndpoint(app, context, healthEndpoints.getHealth, async () => ({
    status: 'ok' as const,
    database: databaseKind,
    migrations: await readMigrationState(context.db),
  }));
}
