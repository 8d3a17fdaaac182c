import * as z from 'zod/mini';
import { smallestUnits } from './amount';
import { defineEndpoint } from './endpoint';
import { fiatAmount, fiatCode, marketAssetCode, offerTimeLimit, offerType, paymentCatalogueEntry } from './p2p-market';
import { paymentMethod, paymentMethodId } from './p2p-payment-methods';
import { offerUser } from './p2p-profile';
import { resultAnswer } from './security';
import { visibleLines } from './visible-text';

// P2P offers (spec 001 s.3 "P2P offer", s.4, s.7). Crypto amounts are in the asset's smallest
// units; prices and limits are fiat amounts (2 decimals). Money rules: ../shared/design/P2P.md
// "Money" and docs/p2p.md.

const isoDateTime = z.iso.datetime({ offset: true });

/** An offer's numeric id (the `/p2p/offers/{id}` route's number, the `offer-{id}` deep link's). */
export const offerId = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

export const offerStatuses = ['active', 'inactive'] as const;
export const offerStatus = z.enum(offerStatuses);
export type OfferStatus = z.infer<typeof offerStatus>;

export const priceTypes = ['fixed', 'floating'] as const;
export const priceType = z.enum(priceTypes);
export type PriceType = z.infer<typeof priceType>;

/** A floating ratio in percent of the reference price, e.g. "101.5" (margin +1.5 %); 2 decimals. */
export const floatingRatio = z.string().check(z.regex(/^[1-9][0-9]{0,2}(\.[0-9]{1,2})?$/, 'Expected a percentage'));

/** Spec 001 s.3 "Offer restrictions"; null (or false) is no restriction. */
export const offerRestrictions = z.object({
  telegram_premium_required: z.boolean(),
  /** Completed-trades percent over 30 days, 1–100. */
  completed_trades_percent: z.nullable(z.int().check(z.minimum(1), z.maximum(100))),
  /** Completed trades, all time. */
  trades_count_min: z.nullable(z.int().check(z.minimum(1), z.maximum(100_000))),
  /** Traded volume in USD, all time. */
  trades_volume_usd_min: z.nullable(z.int().check(z.minimum(1), z.maximum(100_000_000))),
  /** Days since the first sign-in. */
  account_age_days_min: z.nullable(z.int().check(z.minimum(1), z.maximum(3650))),
});
export type OfferRestrictions = z.infer<typeof offerRestrictions>;

/** A method an offer lists, by catalogue entry (no details): what buy offers send with. */
export const offerCatalogueMethod = z.object({
  identifier: paymentCatalogueEntry.shape.identifier,
  locale: z.string(),
  child_identifier: z.nullable(z.string()),
  child_locale: z.nullable(z.string()),
});
export type OfferCatalogueMethod = z.infer<typeof offerCatalogueMethod>;

/**
 * Spec 001 s.3 "Offer payment". `maker` lists the offer's methods by catalogue entry (lists and
 * filters use it). On a sell offer `maker_accepts` holds the maker's own methods the buyer pays
 * to (masked); on a buy offer `maker_sends` holds the entries the maker pays with, and
 * `taker_accepts` the viewer's own saved methods that match them (to receive the fiat); the
 * other two lists are empty.
 */
export const offerPayment = z.object({
  time_limit: offerTimeLimit,
  maker: z.array(offerCatalogueMethod),
  maker_accepts: z.array(paymentMethod),
  maker_sends: z.array(offerCatalogueMethod),
  taker_accepts: z.array(paymentMethod),
});
export type OfferPayment = z.infer<typeof offerPayment>;

/** Spec 001 s.3 "P2P offer". */
export const offer = z.object({
  id: z.int(),
  type: offerType,
  asset: marketAssetCode,
  fiat: fiatCode,
  status: offerStatus,
  /** The price now: fixed, or the current reference price × ratio ÷ 100, rounded half up to 2 decimals. */
  price: fiatAmount,
  price_type: priceType,
  /** Null for a fixed price. */
  price_floating_ratio: z.nullable(floatingRatio),
  /** The offer's total crypto volume, smallest units. */
  volume: smallestUnits,
  /** What is left for new orders: volume less what orders took. */
  remaining_volume: smallestUnits,
  /** For a sell offer while active: remaining volume plus the maker's fee, held in the ledger. */
  reserved: smallestUnits,
  /** Bounds of one order, in fiat. */
  limits: z.object({ min: fiatAmount, max: fiatAmount }),
  /** The conditions text; empty for none. */
  description: z.string(),
  restrictions: offerRestrictions,
  user: offerUser,
  payment: offerPayment,
  /** Whether the viewer is the maker. */
  is_mine: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Offer = z.infer<typeof offer>;

/** The payment methods of a new or edited offer: saved method ids (sell) or catalogue entries (buy). */
const offerMethodsInput = z.object({
  /** Sell offers: the maker's own saved methods the buyer pays to. */
  payment_method_ids: z.array(paymentMethodId).check(z.maxLength(5)),
  /** Buy offers: catalogue entries the maker pays with. */
  catalogue_methods: z
    .array(
      z.object({
        identifier: paymentCatalogueEntry.shape.identifier,
        child_identifier: z.nullable(z.string().check(z.maxLength(48))),
      }),
    )
    .check(z.maxLength(5)),
});

const offerPriceInput = z.object({
  price_type: priceType,
  /** Fixed prices only. */
  price: z.nullable(fiatAmount),
  /** Floating prices only. */
  price_floating_ratio: z.nullable(floatingRatio),
});

/** The conditions: lines of visible text (a bidi override could make "pay to A" read as another name). */
const offerDescription = z.string().check(z.trim(), z.maxLength(1000), visibleLines);

export const createOfferBody = z.object({
  type: offerType,
  asset: marketAssetCode,
  fiat: fiatCode,
  ...offerPriceInput.shape,
  volume: smallestUnits,
  limits: z.object({ min: fiatAmount, max: fiatAmount }),
  ...offerMethodsInput.shape,
  time_limit: offerTimeLimit,
  description: offerDescription,
  restrictions: offerRestrictions,
});
export type CreateOfferBody = z.infer<typeof createOfferBody>;

/** Offer list filters (spec 001 s.7 `GET /p2p/offers` and P2P.md "Offers and lists"). */
export const offerListQuery = z.object({
  /** The offers' type: someone buying browses `sell` offers. */
  type: offerType,
  asset: marketAssetCode,
  fiat: fiatCode,
  /** Repeated: offers listing any of these catalogue identifiers (a group's child counts for its group). */
  payment_methods: z.optional(
    z.union([z.string().check(z.maxLength(48)), z.array(z.string().check(z.maxLength(48))).check(z.maxLength(20))]),
  ),
  /** An amount in fiat the offer's limits must allow. */
  amount: z.optional(fiatAmount),
  verified_only: z.optional(z.enum(['true', 'false'])),
  count: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});
export type OfferListQuery = z.infer<typeof offerListQuery>;

export const offerErrorCodes = {
  /** 404: no such offer (deleted, or not the user's own for a write). */
  offerNotFound: 'offer_not_found',
  /** 422, data { field }: a bound is broken (price band, limits, volume, methods…); `field` names it. */
  invalidOffer: 'invalid_offer',
  /** 403: can_create_market_offer is false. */
  cannotCreateOffer: 'cannot_create_offer',
  /** 409: methods or volume change only while the offer is inactive. */
  offerActive: 'offer_active',
  /** 409 (errors.status): already at the most active offers (config.max_active_offers). */
  tooManyActiveOffers: 'too_many_active_offers',
  /** 409 (errors.status): the available balance does not cover the remaining volume plus fee. */
  insufficientFunds: 'insufficient_funds',
  /** 409 (errors.status): a sell offer needs passport or address verification to go online. */
  verificationRequired: 'verification_required',
  /** 409 (errors.status): a saved method of the offer was deleted; choose methods again. */
  paymentMethodsMissing: 'payment_methods_missing',
  /** 409 (errors.delete): an active offer cannot be deleted; turn it offline first. */
  deleteActive: 'offer_active',
  /** 409 (errors.delete): orders on it are still open (next issue). */
  hasOpenOrders: 'has_open_orders',
  /** 403: the conditions may not be written (can_edit_remark false and none exist). */
  cannotEditRemark: 'cannot_edit_remark',
} as const;

const idParams = z.object({ id: offerId });

function editEndpoint<const P extends string, const B extends z.ZodMiniObject>(path: P, body: B) {
  return defineEndpoint({
    method: 'PUT',
    path: `/p2p/offers/:id/${path}`,
    params: idParams,
    body,
    response: offer,
    errors: [401, 403, 404, 409, 422],
    auth: true,
  });
}

export const p2pOfferEndpoints = {
  listOffers: defineEndpoint({
    method: 'GET',
    path: '/p2p/offers',
    query: offerListQuery,
    response: z.object({ offers: z.array(offer), cursor: z.nullable(z.string()) }),
    errors: [401, 403],
    auth: true,
  }),
  listMyOffers: defineEndpoint({
    method: 'GET',
    path: '/p2p/offers/my',
    query: z.object({
      count: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
      offset: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000))),
    }),
    response: z.object({ offers: z.array(offer), total: z.int() }),
    errors: [401, 403],
    auth: true,
  }),
  /** The best price per payment method for an asset, fiat and offer type. */
  listPricesByPaymentMethod: defineEndpoint({
    method: 'GET',
    path: '/p2p/offers/prices-by-payment-method',
    query: z.object({ type: offerType, asset: marketAssetCode, fiat: fiatCode }),
    response: z.object({
      items: z.array(z.object({ identifier: z.string(), locale: z.string(), price: fiatAmount, offers: z.int() })),
    }),
    errors: [401, 403],
    auth: true,
  }),
  getOffer: defineEndpoint({
    method: 'GET',
    path: '/p2p/offers/:id',
    params: idParams,
    response: offer,
    errors: [401, 403, 404],
    auth: true,
  }),
  /** Creates an inactive offer; the maker turns it online from its screen. */
  createOffer: defineEndpoint({
    method: 'POST',
    path: '/p2p/offers',
    body: createOfferBody,
    response: offer,
    errors: [401, 403, 422],
    auth: true,
  }),
  setOfferActive: defineEndpoint({
    method: 'PUT',
    path: '/p2p/offers/:id/active',
    params: idParams,
    body: z.object({ active: z.boolean() }),
    response: resultAnswer,
    /** 422 `invalid_offer` (field `asset` or `fiat`) only when the offer's asset or fiat no longer trades. */
    errors: [401, 403, 404, 409, 422],
    auth: true,
  }),
  deleteOffer: defineEndpoint({
    method: 'DELETE',
    path: '/p2p/offers/:id',
    params: idParams,
    response: resultAnswer,
    errors: [401, 403, 404, 409],
    auth: true,
  }),
  editOfferPrice: editEndpoint('price', offerPriceInput),
  /** Only while inactive. */
  editOfferVolume: editEndpoint('volume', z.object({ volume: smallestUnits })),
  editOfferLimits: editEndpoint('limits', z.object({ min: fiatAmount, max: fiatAmount })),
  /** Only while inactive. */
  editOfferMethods: editEndpoint('methods', offerMethodsInput),
  editOfferTimeLimit: editEndpoint('time', z.object({ time_limit: offerTimeLimit })),
  editOfferConditions: editEndpoint('conditions', z.object({ description: offerDescription })),
  editOfferRestrictions: editEndpoint('restrictions', offerRestrictions),
};
