import * as z from 'zod/mini';
import { decimalString } from './amount';
import { defineEndpoint } from './endpoint';
import { catalogueIdentifierPattern, fiatAmount, fiatCode, marketAssetCode } from './p2p-codes';

// The P2P market's reference data (spec 001 s.7 "P2P", the first six calls): the market's
// configuration, which assets and fiats trade, the curated payment-method catalogue per fiat, and
// the market terms. Product decisions: ../shared/design/P2P.md and docs/p2p.md.

/** An offer's side from the maker's view: on a `sell` offer the maker sells crypto. */
export const offerTypes = ['buy', 'sell'] as const;
export const offerType = z.enum(offerTypes);
export type OfferType = z.infer<typeof offerType>;

// The codes and the fiat amount live in a module with nothing but zod (the app's routes use them).
export { type FiatAmount, fiatAmount, fiatCode, marketAssetCode } from './p2p-codes';

/** The payment window choices of an offer, in minutes (P2P.md "The order lifecycle"). */
export const offerTimeLimits = [15, 30, 45, 60, 120, 180] as const;
export const offerTimeLimit = z.literal(offerTimeLimits);
export type OfferTimeLimit = z.infer<typeof offerTimeLimit>;

/** GET /p2p/config: the market's bounds, the same for every user. */
export const marketConfig = z.object({
  /** Floating price ratio band, in percent of the reference price (P2P.md: 90–110). */
  floating_ratio: z.object({ min: decimalString, max: decimalString }),
  /** Fixed price band, in percent of the reference price: a fixed price far off the market is a typo or a scam. */
  fixed_price_ratio: z.object({ min: decimalString, max: decimalString }),
  time_limits: z.array(offerTimeLimit),
  /** Default payment window for a new offer. */
  default_time_limit: offerTimeLimit,
  /** At most this many active offers per maker (P2P.md: 10). */
  max_active_offers: z.int(),
  /** At most this many saved payment methods per user. */
  max_payment_methods: z.int(),
  /** At most this many payment methods on one offer. */
  max_offer_payment_methods: z.int(),
  /** Longest offer conditions text. */
  max_description_length: z.int(),
  /** Open orders an offer takes at once (P2P.md: 4, 10 for verified merchants). */
  open_orders_per_offer: z.object({ regular: z.int(), verified_merchant: z.int() }),
  /** Hours that crypto bought by an unverified user stays locked (P2P.md `unlock_duration`). */
  unlock_duration_hours: z.int(),
  /** How often the app refreshes prices shown on lists and offers, in milliseconds. */
  price_refresh_ms: z.int(),
});
export type MarketConfig = z.infer<typeof marketConfig>;

/** A crypto asset that trades on the market, with its bounds (from the wallet catalogue). */
export const marketAsset = z.object({
  code: marketAssetCode,
  /** Maker's fee in percent of each completed order's crypto amount, e.g. "1". */
  fee: decimalString,
});
export type MarketAsset = z.infer<typeof marketAsset>;

/** A fiat that trades on the market, with its current reference price of every market asset. */
export const marketFiat = z.object({
  code: fiatCode,
  /** `prices[asset]`: the reference price of one whole asset in this fiat, 2 decimals. */
  prices: z.record(z.string(), fiatAmount),
});
export type MarketFiat = z.infer<typeof marketFiat>;

/** Kinds of payment detail a method asks for, each with its own validation (p2p-payment-details.ts). */
export const paymentDetailKinds = [
  'card_number',
  'phone',
  'account_number',
  'iban',
  'email',
  'holder_name',
  'text',
] as const;
export const paymentDetailKind = z.enum(paymentDetailKinds);
export type PaymentDetailKind = z.infer<typeof paymentDetailKind>;

/** One detail a payment method needs, e.g. the card number. */
export const paymentDetailField = z.object({
  /** Key of the value in a saved method's details, e.g. "card_number". */
  key: z.string(),
  kind: paymentDetailKind,
  /** Whether this value is the method's `data`, shown by its last 4 characters. */
  is_data: z.boolean(),
});
export type PaymentDetailField = z.infer<typeof paymentDetailField>;

/**
 * A catalogue entry (spec 001 s.3 "P2P payment method"): a bank or an e-money service, or a parent
 * group (RUB's SBP) whose children are banks. `locale` is the entry's display name; `identifier`
 * is stable and unique within the fiat.
 */
export const paymentCatalogueEntry = z.object({
  type: z.enum(['bank', 'emoney']),
  identifier: z.string().check(z.regex(catalogueIdentifierPattern)),
  locale: z.string(),
  is_parent: z.boolean(),
  /** The details a method of this entry needs; empty for a parent (its children say). */
  fields: z.array(paymentDetailField),
});
export type PaymentCatalogueEntry = z.infer<typeof paymentCatalogueEntry>;

/** GET /p2p/currencies/fiat/{fiat}: the fiat's catalogue, parents without their children. */
export const fiatPaymentCatalogue = z.object({
  fiat: fiatCode,
  methods: z.array(paymentCatalogueEntry),
});
export type FiatPaymentCatalogue = z.infer<typeof fiatPaymentCatalogue>;

/** GET /p2p/currencies/fiat/{fiat}/{x}: one entry; a parent comes with its children. */
export const paymentCatalogueItem = z.object({
  fiat: fiatCode,
  method: paymentCatalogueEntry,
  children: z.array(paymentCatalogueEntry),
});
export type PaymentCatalogueItem = z.infer<typeof paymentCatalogueItem>;

/** GET /p2p/marketTerms: the market's rules a maker accepts, as short numbered points. */
export const marketTerms = z.object({
  /** Version of the terms; a change asks makers to read them again. */
  version: z.string(),
  points: z.array(z.object({ title: z.string(), text: z.string() })),
});
export type MarketTerms = z.infer<typeof marketTerms>;

const fiatParams = z.object({ fiat: fiatCode });

export const p2pMarketEndpoints = {
  getMarketConfig: defineEndpoint({
    method: 'GET',
    path: '/p2p/config',
    response: marketConfig,
    errors: [401, 403],
    auth: true,
  }),
  listMarketAssets: defineEndpoint({
    method: 'GET',
    path: '/p2p/currencies/assets',
    response: z.object({ assets: z.array(marketAsset) }),
    errors: [401, 403],
    auth: true,
  }),
  listMarketFiats: defineEndpoint({
    method: 'GET',
    path: '/p2p/currencies/fiats',
    response: z.object({ fiats: z.array(marketFiat) }),
    errors: [401, 403],
    auth: true,
  }),
  getFiatPaymentCatalogue: defineEndpoint({
    method: 'GET',
    path: '/p2p/currencies/fiat/:fiat',
    params: fiatParams,
    response: fiatPaymentCatalogue,
    errors: [401, 403, 404],
    auth: true,
  }),
  getPaymentCatalogueItem: defineEndpoint({
    method: 'GET',
    path: '/p2p/currencies/fiat/:fiat/:identifier',
    params: z.object({ fiat: fiatCode, identifier: paymentCatalogueEntry.shape.identifier }),
    response: paymentCatalogueItem,
    errors: [401, 403, 404],
    auth: true,
  }),
  getMarketTerms: defineEndpoint({
    method: 'GET',
    path: '/p2p/marketTerms',
    response: marketTerms,
    errors: [401, 403],
    auth: true,
  }),
};

/** Stable error codes shared by every P2P call. */
export const p2pErrorCodes = {
  /** 403: the P2P area (or this part of it) is not switched on for the user. */
  featureDisabled: 'feature_disabled',
  /** 403: the user is blocked (lock, ban or soft ban) and may not trade. */
  blocked: 'blocked',
  /** 404: no such fiat, catalogue entry, offer, method or profile (or not the user's own). */
  notFound: 'not_found',
} as const;
