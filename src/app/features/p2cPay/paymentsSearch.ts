import * as z from 'zod/mini';

/**
 * `/p2c/payments?status=`: the list's filter (only zod: the route tree carries this module).
 * `expired` is the client's canceled; the server reads it as either side's canceled (docs/p2c.md).
 */
export const paymentListFilters = ['pending', 'processing', 'completed', 'disputed', 'refunded', 'expired'] as const;
export type PaymentListFilter = (typeof paymentListFilters)[number];

export const paymentsSearch = z.object({
  status: z.catch(z.optional(z.enum(paymentListFilters)), undefined),
});
