import * as z from 'zod/mini';
import { catalogueIdentifierPattern, fiatAmount, fiatCode, marketAssetCode } from '../../../contract/p2p-codes.ts';

/**
 * An offer list's filters live in its URL (`/p2p/buy?asset=USDT&fiat=RUB&methods=sbp,tinkoff&
 * amount=1500&verified=true`), so a reload, a shared link and back keep them, and the choice
 * pages (`/asset`, `/fiat`, `/method`, `/verification`) read and write the same search. Anything
 * malformed is dropped, never guessed at; an absent asset or fiat takes its default.
 *
 * The routes' `validateSearch`, so part of every first screen: nothing here but zod and the
 * market's codes (docs/performance.md, "How to write a route file").
 */

/** The API's bound on repeated `payment_methods`. */
const maxMethods = 20;

/** "sbp,tinkoff": catalogue identifiers, comma-separated (they never contain a comma). */
const methodList = z.string().check(
  z.refine((text) => {
    const parts = text.split(',');
    return parts.length <= maxMethods && parts.every((part) => catalogueIdentifierPattern.test(part));
  }),
);

/** The router reads `amount=1500` as the number 1500 and `amount="1500"` as text: both are the amount. */
const amountParam = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value) => String(value)),
);

export const offerListSearch = z.object({
  asset: z.catch(z.optional(marketAssetCode), undefined),
  fiat: z.catch(z.optional(fiatCode), undefined),
  methods: z.catch(z.optional(methodList), undefined),
  amount: z.catch(z.optional(z.pipe(amountParam, fiatAmount)), undefined),
  verified: z.catch(z.optional(z.boolean()), undefined),
});
export type OfferListSearch = z.infer<typeof offerListSearch>;

/** The filters alone (the root's `back` is where the page's back goes, not a filter). */
export function filtersOf(search: OfferListSearch): OfferListSearch {
  return {
    asset: search.asset,
    fiat: search.fiat,
    methods: search.methods,
    amount: search.amount,
    verified: search.verified,
  };
}
