import type { FastifyInstance } from 'fastify';
import { p2pOrderEndpoints } from '../../../contract/p2p-orders';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { assertP2pAccess, type P2pAccessRequest } from '../p2p-market/access';
import type { DetailsCipher } from '../p2p-payment-methods/details-cipher';
import { userLanguage } from '../security/messages';
import { createOrder } from './create';
import { orderErrors } from './errors';
import { listOrderRows, orderStatistic, ownOrderRow } from './reads';
import { type OrderViewer, toOrder, toOrderListItems } from './view';

export interface OrderRouteOptions {
  /** Opens the sealed copy of the seller's payment details for the buyer. */
  readonly cipher: DetailsCipher;
  /** Accept new orders at once (P2P.md: offers auto-accept by default); tests turn it off to reach `processed`. */
  readonly autoAccept: boolean;
}

// Orders are part of the offers area: `show_p2p` and `show_p2p_offers`.
const read: P2pAccessRequest = { area: 'offers', write: false };
const write: P2pAccessRequest = { area: 'offers', write: true };

/** P2P orders (spec 001 s.7): placing one on an offer, the list, its statistic and one order. */
export function registerP2pOrderRoutes(
  app: FastifyInstance,
  context: EndpointContext,
  options: OrderRouteOptions,
): void {
  const { db } = context;
  async function viewerOf(userId: number, access: P2pAccessRequest): Promise<OrderViewer> {
    await assertP2pAccess(context, userId, access);
    return { userId, language: await userLanguage(db, userId) };
  }
  async function answer(viewer: OrderViewer, row: Parameters<typeof toOrder>[3]) {
    const order = await toOrder(db, options.cipher, viewer, row, context.now());
    if (order === null) throw orderErrors.notFound();
    return order;
  }

  registerEndpoint(
    app,
    context,
    p2pOrderEndpoints.createOrder,
    async ({ userId, params, body }) => {
      const viewer = await viewerOf(userId, write);
      const row = await createOrder(db, context.featureFlags, {
        takerId: userId,
        offerId: params.id,
        body,
        prices: await context.referencePrices.current(),
        autoAccept: options.autoAccept,
        now: context.now(),
      });
      return { order: await answer(viewer, row) };
    },
    { rateLimit: 'p2p_order_create' },
  );
  registerEndpoint(app, context, p2pOrderEndpoints.getOrderStatistic, async ({ userId }) => {
    await viewerOf(userId, read);
    return orderStatistic(db, userId);
  });
  registerEndpoint(app, context, p2pOrderEndpoints.listOrders, async ({ userId, query }) => {
    const viewer = await viewerOf(userId, read);
    const page = await listOrderRows(db, userId, query);
    return { orders: await toOrderListItems(db, viewer, page.rows, context.now()), cursor: page.cursor };
  });
  registerEndpoint(app, context, p2pOrderEndpoints.getOrder, async ({ userId, params }) => {
    const viewer = await viewerOf(userId, read);
    return answer(viewer, await ownOrderRow(db, userId, params.id));
  });
}
