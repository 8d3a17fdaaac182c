import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  type MerchantConditionKind,
  merchantErrorCodes,
  type VerifiedMerchantState,
  type VerifiedMerchantStatus,
} from '../../../contract/p2p-merchant';
import { verifiedMerchantRules } from '../../config';
import type { Database } from '../../db/database';
import { p2pMerchants } from '../../db/schema/p2p-merchant';
import { p2pProfiles } from '../../db/schema/p2p-profile';
import { ApiError } from '../../http/api-error';
import { hold, InsufficientFundsError, inTransaction, release } from '../../ledger/ledger';
import { ensureProfile } from '../p2p-profile/profiles';
import {
  depositAmount,
  depositPosting,
  type MerchantRow,
  merchantConditions,
  merchantRowOf,
  statusOf,
  verifiedMerchantStateOf,
} from './state';

// Applying, leaving and support's decision (P2P.md "Verified merchant"). Every change of a user's
// status runs with their market profile row locked, so two calls of one user queue, and moves the
// deposit through the ledger in the same transaction as the row.

function statusConflict(status: VerifiedMerchantStatus): ApiError {
  return new ApiError(409, merchantErrorCodes.merchantStatusConflict, `The status ${status} does not allow this`, {
    status,
  });
}

function insufficientFunds(): ApiError {
  return new ApiError(409, merchantErrorCodes.insufficientFunds, 'The available balance does not cover the deposit');
}

async function lockProfile(tx: Database, userId: number): Promise<void> {
  await tx.select({ userId: p2pProfiles.userId }).from(p2pProfiles).where(eq(p2pProfiles.userId, userId)).for('update');
}

async function setBadge(tx: Database, userId: number, verified: boolean): Promise<void> {
  await tx.update(p2pProfiles).set({ isVerifiedMerchant: verified }).where(eq(p2pProfiles.userId, userId));
}

async function updateRow(
  tx: Database,
  userId: number,
  change: Partial<Omit<MerchantRow, 'userId'>>,
): Promise<MerchantRow> {
  const [row] = await tx.update(p2pMerchants).set(change).where(eq(p2pMerchants.userId, userId)).returning();
  if (row === undefined) throw new Error(`The merchant row of user ${userId} vanished under its lock`);
  return row;
}

/** `can_apply` → `on_review`: holds the deposit from the available balance. */
export async function applyForVerifiedMerchant(
  db: Database,
  userId: number,
  now: Date,
): Promise<VerifiedMerchantState> {
  await ensureProfile(db, userId, now);
  await inTransaction(db, async (tx) => {
    await lockProfile(tx, userId);
    const row = await merchantRowOf(tx, userId);
    const conditions = await merchantConditions(tx, userId, row, now);
    const status = statusOf(row, conditions);
    const unmet = conditions.filter((condition) => !condition.met).map((condition) => condition.kind);
    // Only the money is missing: say so, the app shows the balance to top up.
    if (status === 'conditions_not_met' && unmet.length === 1 && unmet[0] === 'deposit_balance') {
      throw insufficientFunds();
    }
    if (status !== 'can_apply') throw statusConflict(status);
    const application = {
      userId,
      status: 'on_review' as const,
      depositAsset: verifiedMerchantRules.depositAsset,
      depositAmount: (await depositAmount(tx)).toString(),
      depositOperationId: randomUUID(),
      appliedAt: now,
      decidedAt: null,
      refundAt: null,
      rejectionNote: null,
      updatedAt: now,
    };
    try {
      await hold(tx, depositPosting(application));
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw insufficientFunds();
      throw error;
    }
    await tx
      .insert(p2pMerchants)
      .values(application)
      .onConflictDoUpdate({ target: p2pMerchants.userId, set: application });
  });
  return verifiedMerchantStateOf(db, userId, now);
}

/**
 * `on_review` or `verified_merchant` → `refund_pending`: the badge goes at once, the deposit
 * stays held for `refundDelayMs` (7 days), so disputes of the last orders can still surface.
 */
export async function leaveVerifiedMerchant(db: Database, userId: number, now: Date): Promise<VerifiedMerchantState> {
  await ensureProfile(db, userId, now);
  await inTransaction(db, async (tx) => {
    await lockProfile(tx, userId);
    const row = await merchantRowOf(tx, userId);
    if (row === undefined || (row.status !== 'on_review' && row.status !== 'verified_merchant')) {
      throw statusConflict(statusOf(row, await merchantConditions(tx, userId, row, now)));
    }
    await startRefund(tx, userId, now);
  });
  return verifiedMerchantStateOf(db, userId, now);
}

/** The badge goes at once; the deposit stays held until `refund_at` (7 days), when refunds.ts releases it. */
async function startRefund(tx: Database, userId: number, now: Date): Promise<void> {
  await updateRow(tx, userId, {
    status: 'refund_pending',
    refundAt: new Date(now.getTime() + verifiedMerchantRules.refundDelayMs),
    updatedAt: now,
  });
  await setBadge(tx, userId, false);
}

/**
 * The conditions whose lapse ends the status (P2P.md: "losing it starts refund_pending"). The
 * order count only grows and the held deposit counts as met, so only these two can lapse.
 */
const lapsingConditions: ReadonlySet<MerchantConditionKind> = new Set(['completion_percent_30d', 'verification_level']);

/**
 * `verified_merchant` → `refund_pending` for every merchant whose 30-day completion fell below the
 * minimum or who lost the verification level, with the same 7-day refund as leaving. Each merchant
 * in its own transaction under the profile lock, taken with SKIP LOCKED (a user's own call or
 * another instance holding it is skipped until the next pass) and the status re-read under it, so
 * two instances act once. Answers the users who lost the status.
 */
export async function revokeLapsedMerchants(db: Database, now: Date): Promise<number[]> {
  const merchants = await db
    .select({ userId: p2pMerchants.userId })
    .from(p2pMerchants)
    .where(eq(p2pMerchants.status, 'verified_merchant'))
    .orderBy(asc(p2pMerchants.userId));
  const revoked: number[] = [];
  for (const { userId } of merchants) {
    const lost = await inTransaction(db, async (tx) => {
      const [locked] = await tx
        .select({ userId: p2pProfiles.userId })
        .from(p2pProfiles)
        .where(eq(p2pProfiles.userId, userId))
        .for('update', { skipLocked: true });
      if (locked === undefined) return false;
      const row = await merchantRowOf(tx, userId);
      if (row?.status !== 'verified_merchant') return false;
      const conditions = await merchantConditions(tx, userId, row, now);
      if (!conditions.some((condition) => !condition.met && lapsingConditions.has(condition.kind))) return false;
      await startRefund(tx, userId, now);
      return true;
    });
    if (lost) revoked.push(userId);
  }
  return revoked;
}

export interface MerchantDecision {
  readonly decision: 'approve' | 'reject';
  readonly note: string;
}

/**
 * Support's decision on an application: approve gives the badge; reject releases the deposit at
 * once (no trading happened under the status) and keeps the note for the user. 404 without an
 * application, 409 when it is not on review.
 */
export async function decideMerchantApplication(
  db: Database,
  userId: number,
  decision: MerchantDecision,
  now: Date,
): Promise<MerchantRow> {
  return inTransaction(db, async (tx) => {
    await lockProfile(tx, userId);
    const row = await merchantRowOf(tx, userId);
    if (row === undefined) throw new ApiError(404, 'not_found', 'This user has no verified-merchant application');
    if (row.status !== 'on_review') {
      throw statusConflict(statusOf(row, await merchantConditions(tx, userId, row, now)));
    }
    if (decision.decision === 'approve') {
      await setBadge(tx, userId, true);
      return updateRow(tx, userId, { status: 'verified_merchant', decidedAt: now, updatedAt: now });
    }
    await release(tx, depositPosting(row));
    return updateRow(tx, userId, { status: 'closed', decidedAt: now, rejectionNote: decision.note, updatedAt: now });
  });
}

/** Applications waiting for support, oldest first. */
export async function applicationsOnReview(db: Database): Promise<MerchantRow[]> {
  return db
    .select()
    .from(p2pMerchants)
    .where(inArray(p2pMerchants.status, ['on_review']))
    .orderBy(asc(p2pMerchants.appliedAt));
}
