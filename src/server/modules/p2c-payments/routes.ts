import type { FastifyInstance } from 'fastify';
import { p2cEndpoints } from '../../../contract/p2c';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { inTransaction } from '../../ledger/ledger';
import { assertP2cArea } from '../p2c-accounts/access';
import { userLanguage } from '../security/messages';
import { publishAll } from './live-events';
import { lookupCode, type P2cPayDependencies, payCode } from './pay';
import { listPayments, ownPayment, p2cChecks, p2cProfile, p2cStatements } from './reads';
import { openDispute } from './transitions';
import { loadClientPayment } from './view';

export type P2cPaymentRouteOptions = Omit<P2cPayDependencies, 'db' | 'live'>;

/**
 * The client's side of P2C and the reads of both sides (docs/p2c.md): the code and its quote,
 * paying, the payments list and one payment, the dispute, the profile, statements and receipts.
 * Every call is behind `show_p2c`.
 */
export function registerP2cPaymentRoutes(
  app: FastifyInstance,
  context: EndpointContext,
  options: P2cPaymentRouteOptions,
): void {
  const { db } = context;
  const dependencies: P2cPayDependencies = { db, live: context.p2cLiveEvents, ...options };

  registerEndpoint(
    app,
    context,
    p2cEndpoints.getQrCode,
    async ({ userId, params, query }) => {
      await assertP2cArea(context, userId);
      return lookupCode(
        dependencies,
        {
          userId,
          language: await userLanguage(db, userId),
          qrId: params.id,
          asset: query.asset ?? 'USDT',
          prices: await context.referencePrices.current(),
        },
        context.now(),
      );
    },
    { rateLimit: 'p2c_qr_lookup' },
  );
  registerEndpoint(
    app,
    context,
    p2cEndpoints.payQrCode,
    async ({ userId, params, body }) => {
      await assertP2cArea(context, userId);
      const row = await payCode(dependencies, {
        clientId: userId,
        qrId: params.id,
        body,
        prices: await context.referencePrices.current(),
        now: context.now(),
      });
      return loadClientPayment(db, row, await userLanguage(db, userId));
    },
    { rateLimit: 'p2c_qr_pay' },
  );
  registerEndpoint(app, context, p2cEndpoints.listPayments, async ({ userId, query }) => {
    await assertP2cArea(context, userId);
    return listPayments(db, userId, query);
  });
  registerEndpoint(app, context, p2cEndpoints.getPayment, async ({ userId, params }) => {
    await assertP2cArea(context, userId);
    return ownPayment(db, userId, params.id, await userLanguage(db, userId));
  });
  registerEndpoint(app, context, p2cEndpoints.disputePayment, async ({ userId, params, body }) => {
    await assertP2cArea(context, userId);
    const transition = await inTransaction(db, (tx) =>
      openDispute(tx, params.id, { clientId: userId, reason: body.reason, message: body.message }, context.now()),
    );
    publishAll(context.p2cLiveEvents, transition.events);
    return loadClientPayment(db, transition.payment, await userLanguage(db, userId));
  });
  registerEndpoint(app, context, p2cEndpoints.getProfile, async ({ userId }) => {
    await assertP2cArea(context, userId);
    return p2cProfile(db, userId, context.now());
  });
  registerEndpoint(app, context, p2cEndpoints.listStatements, async ({ userId }) => {
    await assertP2cArea(context, userId);
    return p2cStatements(db, userId, context.now());
  });
  registerEndpoint(app, context, p2cEndpoints.listChecks, async ({ userId, query }) => {
    await assertP2cArea(context, userId);
    return p2cChecks(db, userId, query.cursor);
  });
}
