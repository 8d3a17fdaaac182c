import type { FastifyInstance } from 'fastify';
import { type Order, p2pOrderEndpoints, releaseHash } from '../../../contract/p2p-orders';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { inTransaction } from '../../ledger/ledger';
import { assertP2pAccess } from '../p2p-market/access';
import { marketTransactionType } from '../p2p-offers/reservation';
import type { DetailsCipher } from '../p2p-payment-methods/details-cipher';
import { userLanguage } from '../security/messages';
import { consumeToken, type TokenUse } from '../security/tokens';
import { orderErrors } from './errors';
import type { OrderRow } from './parties';
import { applyTransition, type TransitionEvent } from './transitions';
import { toOrder } from './view';

/**
 * The parties' transitions of an order (docs/p2p.md "Orders: lifecycle, transitions and timers"):
 * one POST each, answering the order as the caller now sees it. Which side may do what, and
 * when, is the lifecycle machine's (409 `order_status_conflict` otherwise); releasing the crypto
 * takes the seller's passcode token (type `p2p`, hash `releaseHash(id)`).
 */
export function registerOrderTransitionRoutes(
  app: FastifyInstance,
  context: EndpointContext,
  options: { readonly cipher: DetailsCipher },
): void {
  const { db } = context;

  async function answer(userId: number, row: OrderRow): Promise<Order> {
    const order = await toOrder(
      db,
      options.cipher,
      { userId, language: await userLanguage(db, userId) },
      row,
      context.now(),
    );
    if (order === null) throw orderErrors.notFound();
    return order;
  }

  async function transition(userId: number, orderId: number, event: TransitionEvent): Promise<Order> {
    await assertP2pAccess(context, userId, { area: 'offers', write: true });
    const now = context.now();
    const result = await inTransaction(db, (tx) =>
      applyTransition(tx, { orderId, actor: { kind: 'user', userId }, event, now }),
    );
    return answer(userId, result.order);
  }

  registerEndpoint(app, context, p2pOrderEndpoints.acceptOrder, ({ userId, params }) =>
    transition(userId, params.id, { type: 'accept' }),
  );
  registerEndpoint(app, context, p2pOrderEndpoints.declineOrder, ({ userId, params }) =>
    transition(userId, params.id, { type: 'decline' }),
  );
  registerEndpoint(app, context, p2pOrderEndpoints.cancelOrder, ({ userId, params, body }) =>
    transition(userId, params.id, { type: 'cancel', reason: body.reason }),
  );
  registerEndpoint(app, context, p2pOrderEndpoints.markOrderPaid, ({ userId, params }) =>
    transition(userId, params.id, { type: 'mark_paid' }),
  );
  registerEndpoint(app, context, p2pOrderEndpoints.unmarkOrderPaid, ({ userId, params }) =>
    transition(userId, params.id, { type: 'unmark_paid' }),
  );
  registerEndpoint(app, context, p2pOrderEndpoints.confirmOrderReceipt, async ({ userId, params, body }) => {
    await assertP2pAccess(context, userId, { area: 'offers', write: true });
    const now = context.now();
    const use: TokenUse = {
      userId,
      kind: 'confirmation',
      transactionTypes: [marketTransactionType],
      operationHash: releaseHash(params.id),
    };
    const result = await inTransaction(db, async (tx) => {
      // A refused transition (a repeat: 409) rolls the spending back, so the token stays usable.
      if (!(await consumeToken(tx, body.token, use, now))) return null;
      return applyTransition(tx, {
        orderId: params.id,
        actor: { kind: 'user', userId },
        event: { type: 'confirm_receipt' },
        now,
      });
    });
    // Answered after the commit: a token shown for the wrong operation stays spent.
    if (result === null) throw orderErrors.tokenInvalid();
    return answer(userId, result.order);
  });
}
