import type { FastifyInstance } from 'fastify';
import { walletOperationEndpoints } from '../../../contract/wallet-operations';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { getWalletBalance } from './balance';
import { getTransactionDetail, listTransactions } from './transactions';

/** Balance, transaction history and transaction details, all read from the ledger. */
export function registerWalletHistoryRoutes(app: FastifyInstance, context: EndpointContext): void {
  // The home polls the balance every 5 s: an unchanged one is answered 304 without a body.
  registerEndpoint(
    app,
    context,
    walletOperationEndpoints.getBalance,
    ({ userId }) => getWalletBalance(context.db, userId, context.now()),
    { revalidate: true },
  );
  registerEndpoint(app, context, walletOperationEndpoints.listTransactions, ({ userId, query }) =>
    listTransactions(context.db, userId, query),
  );
  registerEndpoint(app, context, walletOperationEndpoints.getTransaction, ({ userId, params }) =>
    getTransactionDetail(context.db, userId, params.kind, params.id),
  );
}
