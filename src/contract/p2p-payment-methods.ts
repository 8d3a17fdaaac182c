import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { fiatCode, paymentCatalogueEntry } from './p2p-market';
import { resultAnswer } from './security';
import { visibleText } from './visible-text';

// A user's saved P2P payment methods (spec 001 s.3 "P2P payment method", s.7). The details are
// personal data: every answer carries only `data`, the method's main detail masked to its last 4
// characters; the full details reach a counterparty only inside an accepted order (next issue).

/** A payment method's numeric id (the `/p2p/methods/{id}` route's number). */
export const paymentMethodId = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

/**
 * The optional name of a saved method: at most 20 characters after trimming; empty is no name
 * (spec 001 s.5 "Payment method name").
 */
export const paymentMethodName = z
  .string()
  .check(z.trim(), z.maxLength(20, 'Name must be no more than 20 characters'), visibleText);

/** The masked main detail: "•••• " and its last 4 characters, e.g. "•••• 4417". */
export const maskedPaymentData = z.string();

/**
 * A payment method as the offer and method screens show it (spec 001 s.3 "Offer payment": id,
 * name, identifier, locale, child_identifier, child_locale, data). `identifier`/`locale` name the
 * catalogue entry (for a group's child, the group), `child_*` the child bank, else null.
 */
export const paymentMethod = z.object({
  id: z.int(),
  name: z.nullable(z.string()),
  fiat: fiatCode,
  identifier: z.string(),
  locale: z.string(),
  child_identifier: z.nullable(z.string()),
  child_locale: z.nullable(z.string()),
  data: maskedPaymentData,
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** A detail value as typed; validated by its field kind (p2p-payment-details.ts), in the app and again on the server. */
const paymentDetailValue = z.string().check(z.trim(), z.minLength(1), z.maxLength(128));

export const paymentMethodErrorCodes = {
  /** 404: no method with that id among the user's own. */
  methodNotFound: 'payment_method_not_found',
  /** 404: no such catalogue entry for the fiat, or a parent chosen without a child. */
  catalogueEntryNotFound: 'catalogue_entry_not_found',
  /** 422, data { fields: { key: reason } }: a detail failed its field's check, or one is missing or unknown. */
  invalidDetails: 'invalid_payment_details',
  /** 409: the user already has the most methods allowed (config.max_payment_methods). */
  tooManyMethods: 'too_many_payment_methods',
  /** 409: an offer still lists this method; remove it from the offer first. */
  methodInUse: 'payment_method_in_use',
} as const;

const idParams = z.object({ id: paymentMethodId });

export const p2pPaymentMethodEndpoints = {
  listPaymentMethods: defineEndpoint({
    method: 'GET',
    path: '/p2p/payment-methods',
    query: z.object({ fiat: z.optional(fiatCode) }),
    response: z.object({ methods: z.array(paymentMethod) }),
    errors: [401, 403],
    auth: true,
  }),
  getPaymentMethod: defineEndpoint({
    method: 'GET',
    path: '/p2p/payment-methods/:id',
    params: idParams,
    response: paymentMethod,
    errors: [401, 403, 404],
    auth: true,
  }),
  /** Renames (name text) or clears the name (null or an empty text). */
  renamePaymentMethod: defineEndpoint({
    method: 'PATCH',
    path: '/p2p/payment-methods/:id',
    params: idParams,
    body: z.object({ name: z.nullable(paymentMethodName) }),
    response: resultAnswer,
    errors: [401, 403, 404],
    auth: true,
  }),
  /** Adds a method: the catalogue entry (and the child bank of a group) with its details. */
  addPaymentMethod: defineEndpoint({
    method: 'POST',
    path: '/p2p/payment-methods',
    body: z.object({
      fiat: fiatCode,
      identifier: paymentCatalogueEntry.shape.identifier,
      child_identifier: z.nullable(paymentCatalogueEntry.shape.identifier),
      name: z.nullable(paymentMethodName),
      details: z.record(z.string().check(z.regex(/^[a-z_]{1,32}$/)), paymentDetailValue),
    }),
    response: paymentMethod,
    errors: [401, 403, 404, 409, 422],
    auth: true,
  }),
  deletePaymentMethod: defineEndpoint({
    method: 'DELETE',
    path: '/p2p/payment-methods/:id',
    params: idParams,
    response: resultAnswer,
    errors: [401, 403, 404, 409],
    auth: true,
  }),
};
