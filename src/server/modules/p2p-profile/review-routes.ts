import type { FastifyInstance } from 'fastify';
import { p2pOrderEndpoints } from '../../../contract/p2p-orders';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { assertP2pAccess } from '../p2p-market/access';
import { orderErrors } from '../p2p-orders/errors';
import { toOrder } from '../p2p-orders/view';
import type { DetailsCipher } from '../p2p-payment-methods/details-cipher';
import { userLanguage } from '../security/messages';
import { reviewOrder } from './order-reviews';

/** `POST /p2p/orders/{id}/review`: one review per side of a completed order (docs/p2p.md "Reputation…"). */
export function registerOrderReviewRoutes(
  app: FastifyInstance,
  context: EndpointContext,
  options: { readonly cipher: DetailsCipher },
): void {
  const { db } = context;
  registerEndpoint(app, context, p2pOrderEndpoints.reviewOrder, async ({ userId, params, body }) => {
    await assertP2pAccess(context, userId, { area: 'offers', write: true });
    const now = context.now();
    const row = await reviewOrder(db, { orderId: params.id, userId, type: body.type, comment: body.comment, now });
    const order = await toOrder(db, options.cipher, { userId, language: await userLanguage(db, userId) }, row, now);
    if (order === null) throw orderErrors.notFound();
    return order;
  });
}
