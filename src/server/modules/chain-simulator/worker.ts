import type { Database } from '../../db/database';
import { advanceWithdrawals } from './withdrawals';

export interface WithdrawalWorker {
  /** Stops polling and waits for a pass in progress to finish. */
  stop(): Promise<void>;
}

/** Polls at least once a second, so a short step is not stretched by a long wait. */
const longestPollMs = 1000;

/**
 * Runs {@link advanceWithdrawals} over and over, one pass at a time (a pass never overlaps the
 * next). Safe to run in every server instance against one database. A failed pass is reported
 * and the next one tries again.
 */
export function startWithdrawalWorker(options: {
  readonly db: Database;
  readonly now: () => Date;
  readonly stepMs: number;
  readonly onError?: (error: unknown) => void;
}): WithdrawalWorker {
  const pollMs = Math.max(10, Math.min(options.stepMs, longestPollMs));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();

  const runPass = async (): Promise<void> => {
    try {
      await advanceWithdrawals(options.db, options.now(), { stepMs: options.stepMs });
    } catch (error) {
      options.onError?.(error);
    }
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      pass = runPass().then(schedule);
    }, pollMs);
  };
  schedule();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
