import type { FastifyInstance } from 'fastify';
import { referralEndpoints } from '../../../contract/auth';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { becomeReferral, trackUser } from './service';

/** Both answer 200 `{ success }`: the client ignores failures, so a refusal is not an error. */
export function registerReferralRoutes(app: FastifyInstance, context: EndpointContext): void {
  registerEndpoint(app, context, referralEndpoints.becomeReferral, async ({ userId, body }) => ({
    success: await becomeReferral(context.db, userId, body.invite_hash, context.now()),
  }));
  registerEndpoint(app, context, referralEndpoints.track, async ({ userId, body }) => ({
    success: await trackUser(context.db, userId, body.tracking_hash, context.now()),
  }));
}
