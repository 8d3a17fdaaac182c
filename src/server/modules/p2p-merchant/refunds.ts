import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { p2pMerchants } from '../../db/schema/p2p-merchant';
import { inTransaction, release } from '../../ledger/ledger';
import { type PollingWorker, startPollingWorker } from '../../workers/polling';
import { revokeLapsedMerchants } from './service';
import { depositPosting } from './state';

/** Rows taken per pass; the next pass takes the rest. */
const batchSize = 50;

/**
 * Releases every deposit whose `refund_pending` time has come, each in its own transaction. Rows
 * are taken with FOR UPDATE SKIP LOCKED and re-checked under the lock, so several server
 * instances may run this at once and a deposit is released once. Answers the users released.
 */
export async function releaseDueDeposits(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select({ userId: p2pMerchants.userId })
    .from(p2pMerchants)
    .where(and(eq(p2pMerchants.status, 'refund_pending'), lte(p2pMerchants.refundAt, now)))
    .orderBy(asc(p2pMerchants.refundAt))
    .limit(batchSize);
  const released: number[] = [];
  for (const { userId } of due) {
    const done = await inTransaction(db, async (tx) => {
      const [row] = await tx
        .select()
        .from(p2pMerchants)
        .where(
          and(
            eq(p2pMerchants.userId, userId),
            eq(p2pMerchants.status, 'refund_pending'),
            lte(p2pMerchants.refundAt, now),
          ),
        )
        .for('update', { skipLocked: true });
      if (row === undefined) return false;
      await release(tx, depositPosting(row));
      await tx
        .update(p2pMerchants)
        .set({ status: 'closed', refundAt: null, updatedAt: now })
        .where(eq(p2pMerchants.userId, userId));
      return true;
    });
    if (done) released.push(userId);
  }
  return released;
}

/**
 * One pass of the merchant worker: first moves merchants whose conditions lapsed to
 * `refund_pending` ({@link revokeLapsedMerchants}), then releases the due deposits.
 */
export async function merchantWorkerPass(db: Database, now: Date): Promise<{ revoked: number[]; released: number[] }> {
  const revoked = await revokeLapsedMerchants(db, now);
  return { revoked, released: await releaseDueDeposits(db, now) };
}

/** Runs {@link merchantWorkerPass} once a minute (a refund is due days ahead); safe in every instance. */
export function startMerchantRefundWorker(options: {
  readonly db: Database;
  readonly now: () => Date;
  readonly onError?: (error: unknown) => void;
}): PollingWorker {
  return startPollingWorker(() => merchantWorkerPass(options.db, options.now()), {
    pollMs: 60_000,
    onError: options.onError,
  });
}
