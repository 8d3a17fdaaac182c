import type { FastifyInstance } from 'fastify';
import { p2cEndpoints, p2cOperatorEndpoints } from '../../../contract/p2c';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { type OperatorSettings, registerOperatorArea } from '../operator/access';
import { assertP2cArea } from '../p2c-accounts/access';
import { loadMerchantPayment } from '../p2c-payments/view';
import { userLanguage } from '../security/messages';
import { registerUploadEndpoint } from '../uploads/routes';
import type { Uploads } from '../uploads/service';
import { openCheckForSupport, receiveCheck } from './check';
import { markPaid } from './paid';
import { listSupportPayments, resolveSupportPayment, supportPayment } from './support';
import { takePayment } from './take';

export interface MerchantPaymentRouteOptions {
  readonly uploads: Uploads;
  /** Telegram ids of the operators (OPERATOR_IDS): support decides disputes. */
  readonly operators: OperatorSettings;
}

/**
 * The merchant's side of P2C payments (docs/p2c.md "Taking a payment", "Receipt and paid"):
 * take, upload the receipt, mark paid; behind `show_p2c`. Support's side of disputes
 * (`/operator/p2c/payments`) is behind the operator area's gate.
 */
export async function registerP2cMerchantPaymentRoutes(
  app: FastifyInstance,
  context: EndpointContext,
  options: MerchantPaymentRouteOptions,
): Promise<void> {
  const { db } = context;
  const merchantView = async (userId: number, row: Parameters<typeof loadMerchantPayment>[1]) =>
    loadMerchantPayment(db, row, await userLanguage(db, userId));

  registerEndpoint(
    app,
    context,
    p2cEndpoints.takePayment,
    async ({ userId, params }) => {
      await assertP2cArea(context, userId);
      const row = await takePayment(
        db,
        context.p2cLiveEvents,
        { merchantId: userId, paymentId: params.id },
        context.now(),
      );
      return merchantView(userId, row);
    },
    { rateLimit: 'p2c_take' },
  );
  registerUploadEndpoint(
    app,
    context,
    p2cEndpoints.uploadCheck,
    async ({ userId, params, request }) => {
      await assertP2cArea(context, userId);
      return receiveCheck(db, options.uploads, request, {
        merchantId: userId,
        paymentId: params.id,
        now: context.now(),
      });
    },
    { rateLimit: 'file_upload' },
  );
  registerEndpoint(app, context, p2cEndpoints.markPaymentPaid, async ({ userId, params, body }) => {
    await assertP2cArea(context, userId);
    const row = await markPaid(
      db,
      { merchantId: userId, paymentId: params.id, accountId: body.account_id },
      context.now(),
    );
    return merchantView(userId, row);
  });

  await registerOperatorArea(app, context, options.operators, (area) => {
    area.endpoint(p2cOperatorEndpoints.listOperatorPayments, async ({ query }) => ({
      payments: await listSupportPayments(db, query.state ?? 'disputed'),
    }));
    area.endpoint(p2cOperatorEndpoints.getOperatorPayment, ({ params }) => supportPayment(db, params.id));
    area.endpoint(p2cOperatorEndpoints.resolveOperatorPayment, ({ operatorId, params, body }) =>
      resolveSupportPayment(db, context.p2cLiveEvents, { operatorId }, params.id, body, context.now()),
    );
    area.download(p2cOperatorEndpoints.getOperatorPaymentCheck, ({ params }) =>
      openCheckForSupport(db, options.uploads, params.id),
    );
  });
}
