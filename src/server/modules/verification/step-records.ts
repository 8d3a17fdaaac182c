import { and, eq } from 'drizzle-orm';
import type { VerificationResult, VerificationStep, VerificationStepType } from '../../../contract/verification';
import type { Database } from '../../db/database';
import { userSettings } from '../../db/schema/users';
import { type StoredStepStatus, verificationSteps } from '../../db/schema/verification';
import { verificationErrors } from './errors';
import { canTakeStep, type PersonState, type StepRecord, stepView } from './levels';
import { personStateOf } from './state';

export interface StepOutcome {
  readonly status: StoredStepStatus;
  readonly result: VerificationResult;
  readonly reason: string | null;
}

/**
 * Locks the person's settings row for the rest of the transaction, so two submissions of the
 * same person (two tabs, a retry) take their steps one after the other, each seeing the other's.
 */
async function lockPerson(tx: Database, userId: number): Promise<void> {
  // A removed account has no row to lock; personStateOf answers it with 401 right after.
  await tx
    .select({ userId: userSettings.userId })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .for('update');
}

/**
 * Inside a transaction: locks the person and answers their state when they may take the step
 * now (earlier steps completed, this one not completed nor in review, not banned); 409
 * step_unavailable otherwise.
 */
export async function assertStepAvailable(
  tx: Database,
  userId: number,
  type: VerificationStepType,
): Promise<PersonState> {
  await lockPerson(tx, userId);
  const state = await personStateOf(tx, userId);
  if (!canTakeStep(state, type)) throw verificationErrors.stepUnavailable();
  return state;
}

/** Writes the step's record (after {@link assertStepAvailable} in the same transaction); answers the step. */
export async function writeStep(
  tx: Database,
  state: PersonState,
  userId: number,
  type: VerificationStepType,
  outcome: StepOutcome,
  now: Date,
): Promise<VerificationStep> {
  const record: StepRecord = { type, ...outcome, updatedAt: now };
  await tx
    .insert(verificationSteps)
    .values({ userId, ...record })
    .onConflictDoUpdate({
      target: [verificationSteps.userId, verificationSteps.type],
      set: { status: record.status, result: record.result, reason: record.reason, updatedAt: now },
    });
  return stepView({ ...state, records: new Map(state.records).set(type, record) }, type);
}

/** A step in review gets its decision (a step no longer in review is left as it is). */
export async function settleStep(
  tx: Database,
  userId: number,
  type: VerificationStepType,
  outcome: StepOutcome,
  now: Date,
): Promise<void> {
  await tx
    .update(verificationSteps)
    .set({ status: outcome.status, result: outcome.result, reason: outcome.reason, updatedAt: now })
    .where(
      and(
        eq(verificationSteps.userId, userId),
        eq(verificationSteps.type, type),
        eq(verificationSteps.status, 'in_progress'),
      ),
    );
}
