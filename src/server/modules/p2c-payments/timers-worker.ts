import { type PollingWorker, startPollingWorker } from '../../workers/polling';
import { type P2cTimerDependencies, runDueP2cTimers } from './timers';

/** A pending payment's expiry returns the client's crypto: the worker looks every second. */
const pollMs = 1000;

/**
 * Runs {@link runDueP2cTimers} over and over, one pass at a time. Safe to run in every server
 * instance against one database (main.ts starts it in each).
 */
export function startP2cTimersWorker(
  options: P2cTimerDependencies & { readonly now: () => Date; readonly onError?: (error: unknown) => void },
): PollingWorker {
  return startPollingWorker(() => runDueP2cTimers(options, options.now()), { pollMs, onError: options.onError });
}
