import type { IncomingMessage } from 'node:http';
import type {} from '@fastify/cookie';
import { createAdapter } from '@socket.io/postgres-adapter';
import { and, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import * as z from 'zod/mini';
import {
  type P2cListError,
  type P2cListSnapshot,
  type P2cListUpdate,
  type P2cLiveItem,
  p2cListInitialize,
  p2cSocketEvents,
  p2cSocketPath,
} from '../../contract/p2c';
import type { Language } from '../../contract/settings';
import type { Database } from '../db/database';
import { sessions } from '../db/schema/users';
import { ApiError } from '../http/api-error';
import { type RateLimiter, rateLimitedCode } from '../http/rate-limit';
import type { SessionEnds } from '../modules/auth/session-ends';
import { findSessionUser, hashSessionToken, type SessionPolicy, sessionCookieName } from '../modules/auth/sessions';
import type { P2cLiveEvents } from '../modules/p2c-payments/live-events';
import { userLanguage } from '../modules/security/messages';
import { adapterPool } from './adapter-pool';
import { p2cListDiff } from './p2c-list-diff';
import { pendingP2cItems } from './p2c-pending-items';

// Merchants' live list of pending payments (docs/p2c.md "The live list").

export interface P2cLiveListDependencies {
  readonly db: Database;
  readonly now: () => Date;
  readonly sessions: SessionPolicy;
  readonly rateLimits: RateLimiter;
  /** Where P2C code announces payments added to or removed from the list, on this instance. */
  readonly events: P2cLiveEvents;
  /** Where ending sessions is announced on this instance: their sockets are dropped at once. */
  readonly sessionEnds: SessionEnds;
  /** Whether the person may watch the list (`can_accept_p2c_order`). */
  readonly mayWatch: (userId: number, now: Date) => Promise<boolean>;
  /**
   * PostgreSQL: the pool `@socket.io/postgres-adapter` LISTENs and NOTIFYs through, so a change
   * on one instance reaches the sockets of every instance. None on PGlite (one instance).
   */
  readonly pool?: pg.Pool;
  /** Believe X-Forwarded-For for the client's address (the rate limit's), as Fastify does. */
  readonly trustProxy: boolean;
  /** How often each instance re-reads the list and drops sockets whose session ended; 15 s by default. */
  readonly sweepMs?: number;
}

export interface P2cLiveList {
  /** Server instances the adapter knows (1 without PostgreSQL); tests wait for their peers. */
  serverCount(): Promise<number>;
  /** One pass of the periodic sweep now (tests): sessions checked, every list refreshed. */
  sweep(): Promise<void>;
}

/** Sent between instances through the adapter: a change any instance published. */
const listChangeEvent = 'p2c:list-change';
/** Sent between instances through the adapter: sessions ended on one instance; every one sweeps. */
const sessionsEndedEvent = 'p2c:sessions-ended';
const listChange = z.object({ kind: z.enum(['added', 'removed']), paymentId: z.int() });
const handshakeAuth = z.object({ token: z.optional(z.string().check(z.minLength(1), z.maxLength(256))) });

/** A signed-in socket on this instance, and the list as its app holds it. */
interface Watcher {
  readonly socket: Socket;
  readonly userId: number;
  readonly tokenHash: string;
  readonly address: string;
  /** The ids sent, in the app's order; null until the first snapshot. */
  ids: readonly number[] | null;
  /** The person's language (their settings', read at each initialisation): the payee's bank is named in it. */
  language: Language;
  /** The number of the last message sent (snapshot or update). */
  seq: number;
  /** This socket's initialisations, one after another, so their answers keep their order. */
  initializing: Promise<void>;
}

const defaultSweepMs = 15_000;
const liveLists = new WeakMap<FastifyInstance, P2cLiveList>();

/** The live list attached to an app by {@link attachP2cLiveList} (for the workers main.ts starts). */
export function p2cLiveListOf(app: FastifyInstance): P2cLiveList {
  const list = liveLists.get(app);
  if (list === undefined) throw new Error('The P2C live list is not attached to this app');
  return list;
}

/**
 * Attaches socket.io to the app's HTTP server at {@link p2cSocketPath}. A connection needs a live
 * session (the session cookie, or `auth: { token }` from the mini app, which sends its session
 * as a bearer token); `list:initialize` answers `list:snapshot` to a merchant and `list:error`
 * to anyone else. Each event announced on `events` reaches the other instances through the
 * adapter, and every instance then re-reads the pending payments and sends each of its merchants'
 * sockets what changed for it as `list:update`, numbered per socket. The event's id is only a
 * hint: a lost or late one is healed by the next event or the periodic sweep.
 */
export function attachP2cLiveList(app: FastifyInstance, dependencies: P2cLiveListDependencies): P2cLiveList {
  const { db, now } = dependencies;
  const adapter = dependencies.pool === undefined ? undefined : adapterPool(dependencies.pool);
  const io = new Server(app.server, {
    path: p2cSocketPath,
    serveClient: false,
    // Apps send nothing but `list:initialize`.
    maxHttpBufferSize: 1024,
    ...(adapter === undefined
      ? {}
      : {
          adapter: createAdapter(adapter.pool, {
            errorHandler: (error) => app.log.error({ err: error }, 'The P2C live list adapter failed'),
          }),
        }),
  });
  const watchers = new Map<string, Watcher>();
  /** Who the handshake signed in, until the socket connects (a socket whose client left meanwhile never does). */
  const signedIn = new WeakMap<Socket, Pick<Watcher, 'userId' | 'tokenHash'>>();

  // Snapshots and refreshes run one at a time, so an update is always computed against the
  // list the app holds after the messages sent before it.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (task: () => Promise<void>): void => {
    queue = queue.then(task).catch((error: unknown) => {
      app.log.error({ err: error }, 'The P2C live list failed a pass');
    });
  };

  let refreshQueued = false;
  const refresh = (): void => {
    if (refreshQueued) return;
    refreshQueued = true;
    enqueue(async () => {
      refreshQueued = false;
      const watching = [...watchers.values()].filter((watcher) => watcher.ids !== null);
      if (watching.length === 0) return;
      // One read per language the watchers speak.
      const itemsIn = new Map<Language, Promise<P2cLiveItem[]>>();
      const itemsOf = (language: Language): Promise<P2cLiveItem[]> => {
        const items = itemsIn.get(language) ?? pendingP2cItems(db, language);
        itemsIn.set(language, items);
        return items;
      };
      for (const watcher of watching) {
        if (watcher.ids === null) continue;
        const diff = p2cListDiff(watcher.ids, await itemsOf(watcher.language));
        if (diff.operations.length === 0) continue;
        watcher.ids = diff.ids;
        watcher.seq += 1;
        const update: P2cListUpdate = { seq: watcher.seq, operations: [...diff.operations] };
        watcher.socket.emit(p2cSocketEvents.update, update);
      }
    });
  };

  io.use((socket, next) => {
    const token = handshakeToken(app, socket.handshake.auth, socket.request);
    if (token === undefined) {
      next(new Error('unauthorized'));
      return;
    }
    findSessionUser(db, token, now(), dependencies.sessions).then(
      (userId) => {
        if (userId === null) {
          next(new Error('unauthorized'));
          return;
        }
        signedIn.set(socket, { userId, tokenHash: hashSessionToken(token) });
        next();
      },
      (error: unknown) => {
        // The client learns only that it may try again; the reason goes to the log.
        app.log.error({ err: error }, 'The P2C live list could not check a session');
        next(new Error('unavailable'));
      },
    );
  });

  const initialize = async (watcher: Watcher): Promise<void> => {
    const refuse = (error: P2cListError): void => {
      enqueue(async () => {
        watcher.ids = null;
        watcher.socket.emit(p2cSocketEvents.error, error);
      });
    };
    try {
      // A flood already known to be over the limit is refused without touching the database.
      dependencies.rateLimits.refuseKnown('p2c_list_initialize', {
        address: watcher.address,
        credential: watcher.tokenHash,
      });
      await dependencies.rateLimits.hit('p2c_list_initialize', {
        userId: watcher.userId,
        address: watcher.address,
        credential: watcher.tokenHash,
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== rateLimitedCode) throw error;
      const seconds = z.safeParse(z.object({ seconds: z.int() }), error.data);
      refuse({ code: 'rate_limited', ...(seconds.success ? { seconds: Math.max(1, seconds.data.seconds) } : {}) });
      return;
    }
    if (!(await dependencies.mayWatch(watcher.userId, now()))) {
      refuse({ code: 'p2c_take_forbidden' });
      return;
    }
    const language = await userLanguage(db, watcher.userId);
    enqueue(async () => {
      if (!watchers.has(watcher.socket.id)) return;
      watcher.language = language;
      const items = await pendingP2cItems(db, language);
      watcher.ids = items.map((item) => item.id);
      watcher.seq += 1;
      const snapshot: P2cListSnapshot = { seq: watcher.seq, items };
      watcher.socket.emit(p2cSocketEvents.snapshot, snapshot);
    });
  };

  io.on('connection', (socket) => {
    const identity = signedIn.get(socket);
    if (identity === undefined) {
      socket.disconnect(true);
      return;
    }
    const watcher: Watcher = {
      socket,
      ...identity,
      address: clientAddress(socket, dependencies.trustProxy),
      ids: null,
      language: 'en',
      seq: 0,
      initializing: Promise.resolve(),
    };
    watchers.set(socket.id, watcher);
    socket.on('disconnect', () => {
      watchers.delete(socket.id);
    });
    socket.on(p2cSocketEvents.initialize, (...args: unknown[]) => {
      // At most one payload; an acknowledgement callback, if any, is not ours to call.
      const payload = args.find((arg) => typeof arg !== 'function');
      if (
        args.filter((arg) => typeof arg !== 'function').length > 1 ||
        !z.safeParse(p2cListInitialize, payload).success
      ) {
        return;
      }
      watcher.initializing = watcher.initializing
        .then(() => initialize(watcher))
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'The P2C live list could not initialise a socket');
        });
    });
  });

  // Other instances' changes (PostgreSQL only: the in-memory adapter has no peers).
  io.on(listChangeEvent, (change: unknown) => {
    if (z.safeParse(listChange, change).success) refresh();
  });

  /** Drops sockets whose session ended (sign-out, expiry, idle), and heals any lost change. */
  const sweep = async (): Promise<void> => {
    refresh();
    const hashes = [...new Set([...watchers.values()].map((watcher) => watcher.tokenHash))];
    if (hashes.length === 0) return;
    const at = now();
    const live = await db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(
        and(
          inArray(sessions.tokenHash, hashes),
          gt(sessions.expiresAt, at),
          gt(sessions.lastSeenAt, new Date(at.getTime() - dependencies.sessions.idleTimeoutMs)),
        ),
      );
    const liveHashes = new Set(live.map((row) => row.tokenHash));
    for (const watcher of watchers.values()) {
      if (!liveHashes.has(watcher.tokenHash)) watcher.socket.disconnect(true);
    }
  };
  const sweepNow = (): void => {
    sweep().catch((error: unknown) => app.log.error({ err: error }, 'The P2C live list sweep failed'));
  };
  const sweepTimer = setInterval(sweepNow, dependencies.sweepMs ?? defaultSweepMs);
  sweepTimer.unref();

  // Before Fastify closes its server: socket.io's own close() would close the HTTP server too.
  app.addHook('preClose', async () => {
    clearInterval(sweepTimer);
    unsubscribe();
    io.local.disconnectSockets(true);
    await adapter?.settled();
    await io.of('/').adapter.close();
    io.engine.close();
    await queue;
  });

  const unsubscribeEvents = dependencies.events.subscribe((event) => {
    refresh();
    if (dependencies.pool !== undefined) io.serverSideEmit(listChangeEvent, event);
  });
  // A signed-out session's sockets go at once, here and on every other instance.
  const unsubscribeSessionEnds = dependencies.sessionEnds.subscribe(() => {
    sweepNow();
    if (dependencies.pool !== undefined) io.serverSideEmit(sessionsEndedEvent);
  });
  io.on(sessionsEndedEvent, sweepNow);
  const unsubscribe = (): void => {
    unsubscribeEvents();
    unsubscribeSessionEnds();
  };

  const list: P2cLiveList = {
    serverCount: () => io.of('/').adapter.serverCount(),
    sweep: async () => {
      await sweep();
      await queue;
    },
  };
  liveLists.set(app, list);
  return list;
}

/** The session token of a handshake: `auth.token` (the mini app), else the session cookie. */
function handshakeToken(app: FastifyInstance, auth: unknown, request: IncomingMessage): string | undefined {
  const parsed = z.safeParse(handshakeAuth, auth);
  if (parsed.success && parsed.data.token !== undefined) return parsed.data.token;
  const header = request.headers.cookie;
  if (header === undefined) return undefined;
  const token = app.parseCookie(header)[sessionCookieName];
  return token === undefined || token === '' ? undefined : token;
}

/** The client's address as Fastify would give it (`request.ip`). */
function clientAddress(socket: Socket, trustProxy: boolean): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return trustProxy && first !== undefined && first !== '' ? first : socket.handshake.address;
}
