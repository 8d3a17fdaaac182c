import type { FastifyInstance } from 'fastify';
import type { EndpointContext } from '../../http/register-endpoint';

/** Deposit addresses per network. */
export function registerDepositAddressRoutes(_app: FastifyInstance, _context: EndpointContext): void {}
