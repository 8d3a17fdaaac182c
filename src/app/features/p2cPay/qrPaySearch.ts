import * as z from 'zod/mini';

/**
 * `/qr-pay`'s search (docs/p2c.md "The client's flow"; the route tree carries this module, so it
 * imports only zod): with nothing, home; `?step=paste`, the field to paste a code's link (the
 * web has no scanner); `?id={code}` a shop's code and its quote (`&asset=TON` to quote in TON),
 * `&step=confirm` the passcode; `?payment={id}` one of the caller's payments, `&step=dispute` its
 * dispute form. The passcode is never in the URL: a reload on `confirm` lands on the quote.
 * Anything malformed is dropped, not guessed at.
 */
export const qrPaySteps = ['paste', 'confirm', 'dispute'] as const;
export const qrPayAssets = ['USDT', 'TON'] as const;

/**
 * A payment id as text. The router reads `?payment=77` as the number 77 and writes the text "77" as
 * `%2277%22` (docs/flow-urls.md); a link written by hand (the payments list's rows) or typed has the
 * plain digits, so a number is taken as its digits.
 */
const paymentIdText = z.pipe(
  z.pipe(
    z.union([z.string(), z.int()]),
    z.transform((value) => String(value)),
  ),
  z.string().check(z.regex(/^[1-9][0-9]{0,9}$/)),
);

export const qrPaySearch = z.object({
  id: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{8,64}$/))), undefined),
  payment: z.catch(z.optional(paymentIdText), undefined),
  asset: z.catch(z.optional(z.enum(qrPayAssets)), undefined),
  step: z.catch(z.optional(z.enum(qrPaySteps)), undefined),
});
export type QrPaySearch = z.infer<typeof qrPaySearch>;

/** The flow's own fields of a route search that may hold others (the root's `back`). */
export function qrPayFlowSearch(search: QrPaySearch): QrPaySearch {
  const { id, payment, asset, step } = search;
  return {
    ...(id === undefined ? {} : { id }),
    ...(payment === undefined ? {} : { payment }),
    ...(asset === undefined ? {} : { asset }),
    ...(step === undefined ? {} : { step }),
  };
}
