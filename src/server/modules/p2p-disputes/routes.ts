import type { FastifyInstance } from 'fastify';
import { type Order, p2pOperatorEndpoints, p2pOrderEndpoints } from '../../../contract/p2p-orders';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { type OperatorSettings, registerOperatorArea } from '../operator/access';
import { assertP2pAccess, type P2pAccessRequest } from '../p2p-market/access';
import { orderErrors } from '../p2p-orders/errors';
import { ownOrderRow } from '../p2p-orders/reads';
import { toOrder } from '../p2p-orders/view';
import type { DetailsCipher } from '../p2p-payment-methods/details-cipher';
import { userLanguage } from '../security/messages';
import { registerUploadEndpoint } from '../uploads/routes';
import type { Uploads } from '../uploads/service';
import { openDisputeFileForSupport, receiveDisputeFile } from './files';
import { openDispute, respondToDispute, uploadingSide } from './statements';
import { listDisputes, resolveDispute, supportOrderView } from './support';

export interface DisputeRouteOptions {
  readonly uploads: Uploads;
  /** Opens the sealed copy of the seller's payment details for the buyer (the order's answer). */
  readonly cipher: DetailsCipher;
  /** Telegram ids of the operators (OPERATOR_IDS): support, like the compliance operators. */
  readonly operators: OperatorSettings;
}

// Orders are part of the offers area: `show_p2p` and `show_p2p_offers` (like p2p-orders/routes.ts).
const write: P2pAccessRequest = { area: 'offers', write: true };

/**
 * Disputes (P2P.md "Disputes"): a party opens one or answers it, with a message and up to 5
 * uploaded images; support (the operator area, the same gate as compliance) lists them, reads
 * both sides and every file, and releases or returns the escrow with a note.
 */
export async function registerP2pDisputeRoutes(
  app: FastifyInstance,
  context: EndpointContext,
  options: DisputeRouteOptions,
): Promise<void> {
  const { db } = context;
  const { uploads } = options;

  /** The order as the caller now sees it (its dispute included by the order view). */
  async function answer(userId: number, orderId: number): Promise<Order> {
    const row = await ownOrderRow(db, userId, orderId);
    const viewer = { userId, language: await userLanguage(db, userId) };
    const order = await toOrder(db, options.cipher, viewer, row, context.now());
    if (order === null) throw orderErrors.notFound();
    return order;
  }

  registerEndpoint(app, context, p2pOrderEndpoints.openOrderDispute, async ({ userId, params, body }) => {
    await assertP2pAccess(context, userId, write);
    await openDispute(
      db,
      { orderId: params.id, userId, reason: body.reason, now: context.now() },
      { message: body.message, fileIds: body.file_ids },
    );
    return answer(userId, params.id);
  });
  registerEndpoint(app, context, p2pOrderEndpoints.respondToOrderDispute, async ({ userId, params, body }) => {
    await assertP2pAccess(context, userId, write);
    await respondToDispute(
      db,
      { orderId: params.id, userId, now: context.now() },
      { message: body.message, fileIds: body.file_ids },
    );
    return answer(userId, params.id);
  });
  registerUploadEndpoint(
    app,
    context,
    p2pOrderEndpoints.uploadDisputeFile,
    async ({ userId, params, request }) => {
      await assertP2pAccess(context, userId, write);
      const side = await uploadingSide(db, params.id, userId);
      return receiveDisputeFile(db, uploads, request, { orderId: params.id, userId, side, now: context.now() });
    },
    { rateLimit: 'file_upload' },
  );

  await registerOperatorArea(app, context, options.operators, (area) => {
    area.endpoint(p2pOperatorEndpoints.listOperatorDisputes, async ({ query }) => ({
      disputes: await listDisputes(db, query.state ?? 'open'),
    }));
    area.endpoint(p2pOperatorEndpoints.getOperatorOrder, ({ params }) =>
      supportOrderView(db, params.id, context.now()),
    );
    area.endpoint(p2pOperatorEndpoints.resolveOperatorDispute, async ({ operatorId, params, body }) => {
      const now = context.now();
      await resolveDispute(
        db,
        { operatorId },
        params.id,
        { outcome: body.outcome, atFault: body.at_fault, note: body.note },
        now,
      );
      return supportOrderView(db, params.id, now);
    });
    area.download(p2pOperatorEndpoints.getOperatorDisputeFile, ({ params }) =>
      openDisputeFileForSupport(db, uploads, params.id, params.file_id),
    );
  });
}
