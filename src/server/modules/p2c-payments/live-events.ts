/**
 * A change to the merchants' live list of pending payments (docs/p2c.md "Live list"): a payment
 * became pending (`added`) or stopped being pending (`removed`: taken or expired).
 */
export interface P2cLiveEvent {
  readonly kind: 'added' | 'removed';
  readonly paymentId: number;
}

/**
 * Where payment changes are announced, always after the transaction that made them commits (a
 * listener that reads the payment sees the change). The socket side (src/server/realtime) listens
 * on each instance and fans out to the others; by default the announcement stays in this process.
 */
export interface P2cLiveEvents {
  publish(event: P2cLiveEvent): void;
  /** Calls the listener for every later event until the returned function is called. */
  subscribe(listener: (event: P2cLiveEvent) => void): () => void;
}

/** Delivers in this process only; a listener that throws does not stop the others. */
export function inProcessLiveEvents(onError: (error: unknown) => void = () => {}): P2cLiveEvents {
  const listeners = new Set<(event: P2cLiveEvent) => void>();
  return {
    publish(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          onError(error);
        }
      }
    },
    subscribe(listener) {
      const own = (event: P2cLiveEvent) => listener(event);
      listeners.add(own);
      return () => listeners.delete(own);
    },
  };
}

/** Announces each of the events, in order. */
export function publishAll(live: P2cLiveEvents, events: readonly P2cLiveEvent[]): void {
  for (const event of events) live.publish(event);
}
