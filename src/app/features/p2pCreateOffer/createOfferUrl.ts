import * as z from 'zod/mini';
import { type CreateOfferStep, createOfferSteps } from '../../../../machines/createOffer/steps.ts';

/**
 * The create-offer flow's steps as URLs (src/app/lib/flowUrl.ts, docs/flow-urls.md):
 * `/p2p/offers/new` for the type, then `?step=currency`, `price`, `amounts`, `methods`, `time`,
 * `conditions`, `restrictions`, `review`. The URL holds only the step; what was entered is kept
 * in this tab's sessionStorage (createOfferSteps.ts, `readOfferDraft`).
 *
 * The route's `validateSearch`, so part of every first screen: no machine here
 * (docs/performance.md, "How to write a route file").
 */

/** The route's search: an unknown step is dropped, not guessed at. */
export const createOfferSearch = z.object({
  step: z.catch(z.optional(z.enum(createOfferSteps)), undefined),
});
export type CreateOfferSearch = z.infer<typeof createOfferSearch>;

/** The URL's search for a step: no step on the first one. */
export function createOfferSearchOf(step: CreateOfferStep): CreateOfferSearch {
  return step === 'type' ? {} : { step };
}

/** The flow's field of a route search that may hold others (the root's `back`). */
export function flowSearchOf(search: CreateOfferSearch): CreateOfferSearch {
  return createOfferSearchOf(search.step ?? 'type');
}
