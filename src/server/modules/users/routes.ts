import type { FastifyInstance } from 'fastify';
import { userEndpoints } from '../../../contract/user';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { getUserProfile } from './service';

export function registerUserRoutes(app: FastifyInstance, context: EndpointContext): void {
  registerEndpoint(app, context, userEndpoints.getProfile, ({ userId }) => getUserProfile(context.db, userId));
}
