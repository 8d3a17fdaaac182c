import type { FastifyInstance } from 'fastify';
import type { EndpointContext } from '../../http/register-endpoint';

/** Address check, withdrawal create and withdrawal status. */
export function registerWithdrawalRoutes(_app: FastifyInstance, _context: EndpointContext): void {}
