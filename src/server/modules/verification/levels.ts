import {
  levelSteps,
  type SectionStatus,
  type StepStatus,
  type VerificationFlow,
  type VerificationResult,
  type VerificationStep,
  type VerificationStepType,
} from '../../../contract/verification';
import type { VerificationLevel } from '../../../contract/verification-level';
import type { StoredStepStatus } from '../../db/schema/verification';

/** A step as stored (verification_steps); a step without one was never taken. */
export interface StepRecord {
  readonly type: VerificationStepType;
  readonly status: StoredStepStatus;
  readonly result: VerificationResult;
  readonly reason: string | null;
  readonly updatedAt: Date;
}

/** What the steps' statuses depend on besides their records. */
export interface PersonState {
  readonly records: ReadonlyMap<VerificationStepType, StepRecord>;
  /** A banned account takes no step (spec 000 s.4 "Blocked user"). */
  readonly banned: boolean;
}

/**
 * The one order of every step: each level's steps are a prefix of it (levelSteps.full), so "the
 * steps before this one in its level" are the steps before it here, whatever the level.
 */
const stepOrder: readonly VerificationStepType[] = levelSteps.full;

/** The steps that must be completed before `type` can be taken. */
export function prerequisitesOf(type: VerificationStepType): readonly VerificationStepType[] {
  return stepOrder.slice(0, stepOrder.indexOf(type));
}

function isCompleted(state: PersonState, type: VerificationStepType): boolean {
  return state.records.get(type)?.status === 'completed';
}

/**
 * A step as the person sees it. Completed stays completed; otherwise a banned account's step is
 * `blocked`; a step whose earlier steps are not all completed is `blocked` (it cannot be taken
 * yet); then the stored status (`in_progress`, `rejected`), or `not_started`.
 */
export function stepView(state: PersonState, type: VerificationStepType): VerificationStep {
  const record = state.records.get(type);
  const completed = record?.status === 'completed';
  const waiting = !prerequisitesOf(type).every((earlier) => isCompleted(state, earlier));
  const status: StepStatus = !completed && (state.banned || waiting) ? 'blocked' : (record?.status ?? 'not_started');
  return {
    type,
    status,
    result: record?.result ?? null,
    reason: record?.reason ?? null,
    updated_at: record === undefined ? null : record.updatedAt.toISOString(),
  };
}

/**
 * A level's status: `completed` when every step is; `blocked` when the step to take next is
 * blocked (only a ban does that: the next step's earlier steps are completed by definition);
 * else `action_required`.
 */
export function sectionStatusOf(steps: readonly VerificationStep[]): SectionStatus {
  const next = steps.find((step) => step.status !== 'completed');
  if (next === undefined) return 'completed';
  return next.status === 'blocked' ? 'blocked' : 'action_required';
}

export function flowOf(state: PersonState, section: VerificationLevel): VerificationFlow {
  const steps = levelSteps[section].map((type) => stepView(state, type));
  return { section, status: sectionStatusOf(steps), steps };
}

/**
 * Whether the person may take the step now: not banned, every earlier step completed, and the
 * step itself neither completed nor in review (a rejected step may be taken again).
 */
export function canTakeStep(state: PersonState, type: VerificationStepType): boolean {
  const status = stepView(state, type).status;
  return status === 'not_started' || status === 'rejected';
}
