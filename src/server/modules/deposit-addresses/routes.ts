import type { FastifyInstance } from 'fastify';
import { depositAddressEndpoints } from '../../../contract/deposit-address';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { createDepositAddress, getDepositAddress, listDepositAddresses, renameDepositAddress } from './service';

/** Deposit addresses per network. */
export function registerDepositAddressRoutes(app: FastifyInstance, context: EndpointContext): void {
  registerEndpoint(app, context, depositAddressEndpoints.listDepositAddresses, ({ userId, params }) =>
    listDepositAddresses(context.db, userId, params.network, context.now()),
  );
  registerEndpoint(app, context, depositAddressEndpoints.getDepositAddress, ({ userId, params }) =>
    getDepositAddress(context.db, userId, params.network, params.id),
  );
  registerEndpoint(app, context, depositAddressEndpoints.createDepositAddress, ({ userId, params, body }) =>
    createDepositAddress(context.db, userId, params.network, body.name, context.now()),
  );
  registerEndpoint(app, context, depositAddressEndpoints.renameDepositAddress, ({ userId, params, body }) =>
    renameDepositAddress(context.db, userId, params.network, params.id, body.name),
  );
}
