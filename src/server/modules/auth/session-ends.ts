/**
 * Where the server says that sessions were just ended (sign-out, ending one session or all the
 * others, a passcode or e-mail change, a reported takeover), after the deletion: the P2C live
 * list drops those sessions' sockets at once instead of at its next sweep (docs/p2c.md). It says
 * only that something ended, not which: the listener checks its own sockets' sessions. In-process;
 * the live list passes it on to its peers.
 */
export interface SessionEnds {
  announce(): void;
  /** Calls `listener` after each announcement; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function inProcessSessionEnds(): SessionEnds {
  const listeners = new Set<() => void>();
  return {
    announce: () => {
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
