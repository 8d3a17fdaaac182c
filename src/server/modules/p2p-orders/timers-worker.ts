import type { Database } from '../../db/database';
import { type PollingWorker, startPollingWorker } from '../../workers/polling';
import { runDueOrderTimers } from './timers';

/** A settlement is due at once, so the worker looks every second. */
const pollMs = 1000;

/**
 * Runs {@link runDueOrderTimers} over and over, one pass at a time. Safe to run in every server
 * instance against one database (main.ts starts it in each).
 */
export function startOrderTimersWorker(options: {
  readonly db: Database;
  readonly now: () => Date;
  readonly onError?: (error: unknown) => void;
}): PollingWorker {
  return startPollingWorker(() => runDueOrderTimers(options.db, options.now()), { pollMs, onError: options.onError });
}
