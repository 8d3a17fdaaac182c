import type { FastifyInstance } from 'fastify';
import { p2pMarketEndpoints } from '../../../contract/p2p-market';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { userLanguage } from '../security/messages';
import { assertP2pAccess, type P2pAccessRequest } from './access';
import { marketRules } from './market-rules';
import { marketTermsIn } from './market-terms';
import { getFiatPaymentCatalogue, getPaymentCatalogueItem, listMarketAssets, listMarketFiats } from './service';

const read: P2pAccessRequest = { area: 'market', write: false };

/** The market's reference data (spec 001 s.7 "P2P", the first six calls). */
export function registerP2pMarketRoutes(app: FastifyInstance, context: EndpointContext): void {
  const { db } = context;
  registerEndpoint(app, context, p2pMarketEndpoints.getMarketConfig, async ({ userId }) => {
    await assertP2pAccess(context, userId, read);
    return marketRules;
  });
  registerEndpoint(app, context, p2pMarketEndpoints.listMarketAssets, async ({ userId }) => {
    await assertP2pAccess(context, userId, read);
    return { assets: await listMarketAssets(db) };
  });
  registerEndpoint(app, context, p2pMarketEndpoints.listMarketFiats, async ({ userId }) => {
    await assertP2pAccess(context, userId, read);
    return { fiats: await listMarketFiats(db, context.referencePrices) };
  });
  registerEndpoint(app, context, p2pMarketEndpoints.getFiatPaymentCatalogue, async ({ userId, params }) => {
    await assertP2pAccess(context, userId, read);
    return getFiatPaymentCatalogue(db, params.fiat, await userLanguage(db, userId));
  });
  registerEndpoint(app, context, p2pMarketEndpoints.getPaymentCatalogueItem, async ({ userId, params }) => {
    await assertP2pAccess(context, userId, read);
    return getPaymentCatalogueItem(db, params.fiat, params.identifier, await userLanguage(db, userId));
  });
  registerEndpoint(app, context, p2pMarketEndpoints.getMarketTerms, async ({ userId }) => {
    await assertP2pAccess(context, userId, read);
    return marketTermsIn(await userLanguage(db, userId));
  });
}
