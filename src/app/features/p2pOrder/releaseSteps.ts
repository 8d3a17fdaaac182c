import * as z from 'zod/mini';

/**
 * The release's steps as URLs (src/app/lib/flowUrl.ts, docs/flow-urls.md):
 * `/p2p/orders/{id}/confirm-payment` asks whether the money arrived, `?step=confirm` is the
 * passcode and the release. The passcode is never in the URL: a reload on `confirm` asks again.
 */
export const releaseSteps = ['review', 'confirm'] as const;
export type ReleaseStep = (typeof releaseSteps)[number];

/** The route's search: an unknown step is dropped, not guessed at. */
export const releaseSearch = z.object({
  step: z.catch(z.optional(z.enum(releaseSteps)), undefined),
});
export type ReleaseSearch = z.infer<typeof releaseSearch>;

/** The URL's search for a step (none on the first). */
export function releaseSearchOf(step: ReleaseStep): ReleaseSearch {
  return step === 'review' ? {} : { step };
}

/** The flow's fields of a route search that may hold others (the root's `back`). */
export function releaseFlowSearchOf(search: ReleaseSearch): ReleaseSearch {
  return releaseSearchOf(search.step ?? 'review');
}
