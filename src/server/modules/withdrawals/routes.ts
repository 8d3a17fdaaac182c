import type { FastifyInstance } from 'fastify';
import { walletOperationEndpoints } from '../../../contract/wallet-operations';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { assertMayWithdraw } from '../verification/withdraw-gate';
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
  registerEndpoint(app, context, walletOperationEndpoints.createWithdrawal, async ({ userId, body }) => {
    // Before anything else, even an idempotent repeat: the person is sent to verification first.
    await assertMayWithdraw(context.db, context.featureFlags, userId);
    return createWithdrawal(context.db, userId, body, context.now());
  });
  registerEndpoint(app, context, walletOperationEndpoints.getWithdrawal, ({ userId, params }) =>
    getWithdrawal(context.db, userId, params.id),
  );
}
