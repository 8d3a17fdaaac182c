import type pg from 'pg';

/**
 * The pool as `@socket.io/postgres-adapter` sees it, so closing can wait for the LISTEN client the
 * adapter may still be setting up.
 *
 * The adapter (0.5.0) checks a client out of the pool when it is created, LISTENs on it, and only
 * then keeps it; its `close()` releases only a client it already keeps. An app closed while that
 * set-up is under way (a test server closed at once, a shutdown right after a start) would leave
 * the client checked out for good, and `pool.end()` would then wait for it forever.
 */
export interface AdapterPool {
  readonly pool: pg.Pool;
  /** Resolves once no connection or query the adapter started is still running. */
  settled(): Promise<void>;
}

export function adapterPool(pool: pg.Pool): AdapterPool {
  const running = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    const forget = () => running.delete(work);
    work.then(forget, forget);
    return work;
  };
  const trackedClient = (client: pg.PoolClient): pg.PoolClient =>
    new Proxy(client, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (property === 'query' && typeof value === 'function') {
          return (...args: unknown[]): unknown => {
            const result: unknown = Reflect.apply(value, target, args);
            return result instanceof Promise ? track(result) : result;
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const tracked = new Proxy(pool, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property === 'connect' && typeof value === 'function') {
        return (): Promise<pg.PoolClient> =>
          track(Promise.resolve(target.connect()).then((client) => trackedClient(client)));
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    pool: tracked,
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
      // The adapter keeps the client in the continuation after its last LISTEN: let that run.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
