import type { FastifyInstance } from 'fastify';
import type { EndpointContext } from '../../http/register-endpoint';

/** The address book of saved withdrawal addresses. */
export function registerAddressBookRoutes(_app: FastifyInstance, _context: EndpointContext): void {}
