export interface PollingWorker {
  /** Stops polling and waits for a pass in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `pollMs`, one pass at a time (a pass never overlaps the next), until stopped.
 * A failed pass is reported and the next one tries again. The background workers (withdrawals,
 * order timers, notices) are passes over due rows taken with SKIP LOCKED, so every server
 * instance runs them.
 */
export function startPollingWorker(
  pass: () => Promise<unknown>,
  options: { readonly pollMs: number; readonly onError?: ((error: unknown) => void) | undefined },
): PollingWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const runPass = async (): Promise<void> => {
    try {
      await pass();
    } catch (error) {
      options.onError?.(error);
    }
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runPass().then(schedule);
    }, options.pollMs);
  };
  schedule();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
