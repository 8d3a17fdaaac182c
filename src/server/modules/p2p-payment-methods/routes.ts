import type { FastifyInstance } from 'fastify';
import { p2pPaymentMethodEndpoints } from '../../../contract/p2p-payment-methods';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { assertP2pAccess, type P2pAccessRequest } from '../p2p-market/access';
import { userLanguage } from '../security/messages';
import type { DetailsCipher } from './details-cipher';
import {
  addPaymentMethod,
  deletePaymentMethod,
  getPaymentMethod,
  listPaymentMethods,
  renamePaymentMethod,
} from './service';
import type { PaymentMethodUsage } from './usage';

export interface PaymentMethodDependencies {
  readonly cipher: DetailsCipher;
  /** Whether an offer lists a method (the offers module's answer). */
  readonly usage: PaymentMethodUsage;
}

const read: P2pAccessRequest = { area: 'methods', write: false };
const write: P2pAccessRequest = { area: 'methods', write: true };

/** A user's saved payment methods (spec 001 s.7), behind `show_p2p` and `show_p2p_methods`. */
export function registerP2pPaymentMethodRoutes(
  app: FastifyInstance,
  context: EndpointContext,
  dependencies: PaymentMethodDependencies,
): void {
  const { db } = context;
  registerEndpoint(app, context, p2pPaymentMethodEndpoints.listPaymentMethods, async ({ userId, query }) => {
    await assertP2pAccess(context, userId, read);
    return { methods: await listPaymentMethods(db, userId, query.fiat, await userLanguage(db, userId)) };
  });
  registerEndpoint(app, context, p2pPaymentMethodEndpoints.getPaymentMethod, async ({ userId, params }) => {
    await assertP2pAccess(context, userId, read);
    return getPaymentMethod(db, userId, params.id, await userLanguage(db, userId));
  });
  registerEndpoint(app, context, p2pPaymentMethodEndpoints.renamePaymentMethod, async ({ userId, params, body }) => {
    await assertP2pAccess(context, userId, write);
    return renamePaymentMethod(db, userId, params.id, body.name, context.now());
  });
  registerEndpoint(
    app,
    context,
    p2pPaymentMethodEndpoints.addPaymentMethod,
    async ({ userId, body }) => {
      await assertP2pAccess(context, userId, write);
      return addPaymentMethod(db, dependencies.cipher, userId, body, await userLanguage(db, userId), context.now());
    },
    { rateLimit: 'p2p_payment_method_add' },
  );
  registerEndpoint(app, context, p2pPaymentMethodEndpoints.deletePaymentMethod, async ({ userId, params }) => {
    await assertP2pAccess(context, userId, write);
    return deletePaymentMethod(db, dependencies.usage, userId, params.id);
  });
}
