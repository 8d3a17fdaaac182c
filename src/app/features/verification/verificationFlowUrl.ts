import * as z from 'zod/mini';

/**
 * The flow's steps as URLs (docs/flow-urls.md): `/account/verification/{flow}` shows the level
 * and where it stands, `?step=phone` and `?step=documents` the sub-flows of the phone number and
 * of a provider step's files. The personal data have a route of their own.
 */
export const verificationUrlSteps = ['overview', 'phone', 'documents'] as const;
export type VerificationUrlStep = (typeof verificationUrlSteps)[number];

export const verificationFlowSearch = z.object({
  step: z.catch(z.optional(z.enum(verificationUrlSteps)), undefined),
});
export type VerificationFlowSearch = z.infer<typeof verificationFlowSearch>;

export function verificationSearchOf(step: VerificationUrlStep): VerificationFlowSearch {
  return step === 'overview' ? {} : { step };
}

/** The flow's own field of a route search that may hold others (the root's `back`). */
export function flowSearchOf(search: VerificationFlowSearch): VerificationFlowSearch {
  return verificationSearchOf(search.step ?? 'overview');
}
