import type { FastifyInstance } from 'fastify';
import { p2pOfferEndpoints } from '../../../contract/p2p-offers';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { assertP2pAccess, type P2pAccessRequest } from '../p2p-market/access';
import { catalogueNames, catalogueOf } from '../p2p-market/payment-catalogue';
import { userLanguage } from '../security/messages';
import { bestPricesByMethod, listOfferRows } from './listing';
import { fiatAmountOf, fiatCents } from './money';
import { setOfferActive } from './reservation';
import {
  createOffer,
  deleteOffer,
  editOfferConditions,
  editOfferLimits,
  editOfferMethods,
  editOfferPrice,
  editOfferRestrictions,
  editOfferTimeLimit,
  editOfferVolume,
  getOffer,
  listMyOffers,
} from './service';
import { type OfferViewer, toOffers } from './view';

const read: P2pAccessRequest = { area: 'offers', write: false };
const write: P2pAccessRequest = { area: 'offers', write: true };

/** P2P offers (spec 001 s.7): lists, the maker's own, one offer, creating, turning online, edits, delete. */
export function registerP2pOfferRoutes(app: FastifyInstance, context: EndpointContext): void {
  const { db } = context;
  async function viewerOf(userId: number, access: P2pAccessRequest): Promise<OfferViewer> {
    await assertP2pAccess(context, userId, access);
    return { userId, language: await userLanguage(db, userId) };
  }

  // Lists run heavy queries and offer ids are sequential: both limited (rate-limit.ts `p2p_offer_read`).
  const limited = { rateLimit: 'p2p_offer_read' } as const;
  registerEndpoint(
    app,
    context,
    p2pOfferEndpoints.listOffers,
    async ({ userId, query }) => {
      const viewer = await viewerOf(userId, read);
      const page = await listOfferRows(context, userId, query);
      const table = await context.referencePrices.current();
      return { offers: await toOffers(db, viewer, page.rows, table, context.now()), cursor: page.cursor };
    },
    limited,
  );
  registerEndpoint(app, context, p2pOfferEndpoints.listMyOffers, async ({ userId, query }) =>
    listMyOffers(context, await viewerOf(userId, read), query),
  );
  registerEndpoint(
    app,
    context,
    p2pOfferEndpoints.listPricesByPaymentMethod,
    async ({ userId, query }) => {
      const viewer = await viewerOf(userId, read);
      const rows = await bestPricesByMethod(context, userId, query);
      const order = (catalogueOf(query.fiat) ?? []).map((entry) => entry.identifier);
      const position = (identifier: string) => (order.includes(identifier) ? order.indexOf(identifier) : order.length);
      return {
        items: rows
          .toSorted(
            (a, b) => position(a.identifier) - position(b.identifier) || a.identifier.localeCompare(b.identifier),
          )
          .map((row) => ({
            identifier: row.identifier,
            locale: catalogueNames(query.fiat, row.identifier, null, viewer.language).locale,
            price: fiatAmountOf(fiatCents(row.price)),
            offers: row.offers,
          })),
      };
    },
    limited,
  );
  registerEndpoint(
    app,
    context,
    p2pOfferEndpoints.getOffer,
    async ({ userId, params }) => getOffer(context, await viewerOf(userId, read), params.id),
    limited,
  );
  registerEndpoint(app, context, p2pOfferEndpoints.createOffer, async ({ userId, body }) =>
    createOffer(context, await viewerOf(userId, write), body),
  );
  registerEndpoint(app, context, p2pOfferEndpoints.setOfferActive, async ({ userId, params, body }) => {
    await assertP2pAccess(context, userId, write);
    return setOfferActive(db, userId, params.id, body.active, context.now());
  });
  registerEndpoint(app, context, p2pOfferEndpoints.deleteOffer, async ({ userId, params }) => {
    await assertP2pAccess(context, userId, write);
    return deleteOffer(db, userId, params.id);
  });
  registerEndpoint(app, context, p2pOfferEndpoints.editOfferPrice, async ({ userId, params, body }) =>
    editOfferPrice(context, await viewerOf(userId, write), params.id, body),
  );
  registerEndpoint(app, context, p2pOfferEndpoints.editOfferVolume, async ({ userId, params, body }) =>
    editOfferVolume(context, await viewerOf(userId, write), params.id, BigInt(body.volume)),
  );
  registerEndpoint(app, context, p2pOfferEndpoints.editOfferLimits, async ({ userId, params, body }) =>
    editOfferLimits(context, await viewerOf(userId, write), params.id, body),
  );
  registerEndpoint(app, context, p2pOfferEndpoints.editOfferMethods, async ({ userId, params, body }) =>
    editOfferMethods(context, await viewerOf(userId, write), params.id, body),
  );
  registerEndpoint(app, context, p2pOfferEndpoints.editOfferTimeLimit, async ({ userId, params, body }) =>
    editOfferTimeLimit(context, await viewerOf(userId, write), params.id, body.time_limit),
  );
  registerEndpoint(app, context, p2pOfferEndpoints.editOfferConditions, async ({ userId, params, body }) =>
    editOfferConditions(context, await viewerOf(userId, write), params.id, body.description),
  );
  registerEndpoint(app, context, p2pOfferEndpoints.editOfferRestrictions, async ({ userId, params, body }) =>
    editOfferRestrictions(context, await viewerOf(userId, write), params.id, body),
  );
}
