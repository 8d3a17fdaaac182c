import { and, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { ProviderStepType } from '../../../contract/verification';
import type { Database } from '../../db/database';
import { providerSubmissions } from '../../db/schema/verification';
import { inTransaction } from '../../ledger/ledger';
import type { UploadedFile } from '../uploads/service';
import { settleStep } from './step-records';

/** A submission handed to the provider: the person's files for one SUMSUB_* step. */
export interface ReviewRequest {
  readonly submissionId: string;
  readonly userId: number;
  readonly type: ProviderStepType;
  readonly files: readonly UploadedFile[];
}

/** What the provider decided about a submission. */
export interface ProviderDecision {
  readonly submissionId: string;
  readonly approved: boolean;
  /** Shown to the person; required for a rejection. */
  readonly reason: string | null;
  /** Who decided (the provider's reviewer, or `local` for the stand-in page). */
  readonly reviewer: string;
}

/**
 * The identity provider behind the SUMSUB_* steps. `start` hands a stored submission over for
 * review and answers the provider's own id of it (or null); the decision comes back later, from
 * the provider, through {@link applyProviderDecision}.
 *
 * - The local provider (local mode and tests) keeps nothing of its own: its reviewer is a person
 *   on the stand-in page `/local/identity-provider`, who approves or rejects each submission.
 * - A Sumsub adapter would create the applicant and upload the files with Sumsub's API in
 *   `start` (answering the applicant id), and receive its decision on a webhook route whose body
 *   is checked first (`X-Payload-Digest`: HMAC-SHA256 of the raw body with the webhook secret,
 *   compared in constant time; anything else refused), mapping `applicantReviewed` GREEN to
 *   approved and RED to rejected with the moderation comment as the reason.
 */
export interface IdentityProvider {
  /** Stored with each submission (`provider_submissions.provider`). */
  readonly name: string;
  start(request: ReviewRequest): Promise<{ readonly externalId: string | null }>;
}

export const localIdentityProvider: IdentityProvider = {
  name: 'local',
  start: () => Promise.resolve({ externalId: null }),
};

export type DecisionOutcome = 'applied' | 'not_found' | 'already_decided';

/**
 * The provider's decision on a submission in review: the submission is approved or rejected, and
 * its step completed (OK) or rejected (REJECTED with the reason). A decision on a submission
 * decided already changes nothing (a provider may send its webhook twice).
 */
export async function applyProviderDecision(
  db: Database,
  decision: ProviderDecision,
  now: Date,
): Promise<DecisionOutcome> {
  if (!z.safeParse(z.uuid(), decision.submissionId).success) return 'not_found';
  return inTransaction(db, async (tx) => {
    const [submission] = await tx
      .update(providerSubmissions)
      .set({
        status: decision.approved ? 'approved' : 'rejected',
        reason: decision.approved ? null : decision.reason,
        reviewer: decision.reviewer,
        reviewedAt: now,
      })
      .where(and(eq(providerSubmissions.id, decision.submissionId), eq(providerSubmissions.status, 'on_review')))
      .returning();
    if (submission === undefined) {
      const [existing] = await tx
        .select({ id: providerSubmissions.id })
        .from(providerSubmissions)
        .where(eq(providerSubmissions.id, decision.submissionId));
      return existing === undefined ? 'not_found' : 'already_decided';
    }
    await settleStep(
      tx,
      submission.userId,
      submission.stepType,
      decision.approved
        ? { status: 'completed', result: 'OK', reason: null }
        : { status: 'rejected', result: 'REJECTED', reason: decision.reason },
      now,
    );
    return 'applied';
  });
}
