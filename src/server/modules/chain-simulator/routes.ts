import type { FastifyInstance } from 'fastify';
import type { EndpointContext } from '../../http/register-endpoint';

/** Local mode only: the test-network simulator's controls (deposits, withdrawal outcomes). */
export function registerChainSimulatorRoutes(_app: FastifyInstance, _context: EndpointContext): void {}
