import type { Database } from '../../db/database';
import { type PollingWorker, startPollingWorker } from '../../workers/polling';
import { advanceWithdrawals } from './withdrawals';

export type WithdrawalWorker = PollingWorker;

/** Polls at least once a second, so a short step is not stretched by a long wait. */
const longestPollMs = 1000;

/**
 * Runs {@link advanceWithdrawals} over and over, one pass at a time. Safe to run in every server
 * instance against one database.
 */
export function startWithdrawalWorker(options: {
  readonly db: Database;
  readonly now: () => Date;
  readonly stepMs: number;
  readonly onError?: (error: unknown) => void;
}): WithdrawalWorker {
  return startPollingWorker(() => advanceWithdrawals(options.db, options.now(), { stepMs: options.stepMs }), {
    pollMs: Math.max(10, Math.min(options.stepMs, longestPollMs)),
    onError: options.onError,
  });
}
