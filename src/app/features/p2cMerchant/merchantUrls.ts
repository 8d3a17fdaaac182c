import * as z from 'zod/mini';

// The merchant's steps as URLs (docs/flow-urls.md, docs/p2c.md "The merchant's screens"). Only
// zod here: route definitions import these, and the route tree is on every first screen.

const positiveId = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

/** `/p2c/methods/{id}?step=upload`: the document upload step. */
export const accountSearch = z.object({ step: z.catch(z.optional(z.literal('upload')), undefined) });

/**
 * `/p2c/orders/{id}`: `step=check` is the receipt upload; `account` the account chosen on
 * `/p2c/orders/choose-method` (kept in the URL so a reload keeps the choice).
 */
export const merchantPaymentSearch = z.object({
  step: z.catch(z.optional(z.literal('check')), undefined),
  account: z.catch(z.optional(positiveId), undefined),
});

/** `/p2c/orders/choose-method?payment={id}&account={id}`: the payment the account is chosen for, and the one chosen now. */
export const chooseAccountSearch = z.object({
  payment: z.catch(z.optional(positiveId), undefined),
  account: z.catch(z.optional(positiveId), undefined),
});
