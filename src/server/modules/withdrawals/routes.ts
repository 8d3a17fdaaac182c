import type { FastifyInstance } from 'fastify';
import { walletOperationEndpoints } from '../../../contract/wallet-operations';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { checkWithdrawalAddress, createWithdrawal, getWithdrawal } from './service';

/** Address check, withdrawal create and withdrawal status. */
export function registerWithdrawalRoutes(app: FastifyInstance, context: EndpointContext): void {
  registerEndpoint(
    app,
    context,
    walletOperationEndpoints.checkAddress,
    ({ body }) => checkWithdrawalAddress(context.db, body),
    { rateLimit: 'check_address' },
  );
  registerEndpoint(app, context, walletOperationEndpoints.createWithdrawal, ({ userId, body }) =>
    createWithdrawal(context.db, userId, body, context.now()),
  );
  registerEndpoint(app, context, walletOperationEndpoints.getWithdrawal, ({ userId, params }) =>
    getWithdrawal(context.db, userId, params.id),
  );
}
