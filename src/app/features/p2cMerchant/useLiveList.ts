import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import * as z from 'zod/mini';
import {
  type P2cLiveItem,
  p2cListError,
  p2cListSnapshot,
  p2cListUpdate,
  p2cReconnectDelayMaxMs,
  p2cReconnectDelayMs,
  p2cSocketEvents,
  p2cSocketPath,
} from '../../../contract/p2c.ts';
import { sessionToken } from '../../api/sessionToken.ts';
import { applyUpdate, type LiveList, listFromSnapshot } from '../../lib/p2c/liveList.ts';

/**
 * `connecting`: no list yet; `live`: the list as the server last said; `reconnecting`: the
 * connection dropped, the last list shown while socket.io tries again; `forbidden`: the server
 * will not show this person the list (not a merchant with an active account, or blocked);
 * `refused`: the server refused the connection itself (no session) and will not be retried on
 * its own.
 */
export type LiveListStatus = 'connecting' | 'live' | 'reconnecting' | 'forbidden' | 'refused';

/** One empty list for every render without one, so that what follows the list sees no change. */
const noItems: readonly P2cLiveItem[] = [];

export interface LiveListView {
  status: LiveListStatus;
  items: readonly P2cLiveItem[];
  /**
   * While the server refuses to send the list for asking too often (`rate_limited`): the seconds
   * left before it is asked again; null otherwise. The status and the last list stay as they were.
   */
  retryIn: number | null;
  retry: () => void;
}

/** The wait after a `rate_limited` refusal that does not say how long (the server always does). */
const rateLimitedFallbackSeconds = p2cReconnectDelayMaxMs / 1000;

/**
 * The socket options (spec 001 s.7): the app's origin at `p2cSocketPath`, the session cookie
 * sent (`withCredentials`), and inside the mini app the session token too (its cookie may be
 * dropped in Telegram's frame, as the HTTP client's bearer token works around); reconnecting
 * after 1 s, the wait doubling up to 10 s, without jitter.
 */
export function openLiveListSocket(): Socket {
  return io({
    path: p2cSocketPath,
    withCredentials: true,
    auth: (send) => {
      const token = sessionToken();
      send(token === null ? {} : { token });
    },
    reconnectionDelay: p2cReconnectDelayMs,
    reconnectionDelayMax: p2cReconnectDelayMaxMs,
    randomizationFactor: 0,
  });
}

/**
 * The merchants' live list over socket.io: `list:initialize` on every (re)connection, the
 * snapshot, then the numbered updates through the pure reducer (lib/p2c/liveList.ts); a skipped
 * update, a position that does not fit, or a message the contract's schema rejects asks for the
 * whole list again. A `rate_limited` refusal waits the seconds it names, counting down, then asks
 * again; a drop of the connection meanwhile ends the wait (the reconnection asks anyway). The
 * socket closes when the screen does.
 */
export function useLiveList(open: () => Socket = openLiveListSocket): LiveListView {
  const [status, setStatus] = useState<LiveListStatus>('connecting');
  const [list, setList] = useState<LiveList | null>(null);
  const [retryIn, setRetryIn] = useState<number | null>(null);
  const listRef = useRef<LiveList | null>(null);
  const socketRef = useRef<Socket | null>(null);

  useEffect(() => {
    const socket = open();
    socketRef.current = socket;
    const keep = (next: LiveList | null) => {
      listRef.current = next;
      setList(next);
    };
    const initialize = () => socket.emit(p2cSocketEvents.initialize);
    let countdown: ReturnType<typeof setInterval> | undefined;
    const stopWaiting = () => {
      clearInterval(countdown);
      countdown = undefined;
      setRetryIn(null);
    };
    const waitThenInitialize = (seconds: number) => {
      stopWaiting();
      let left = seconds;
      setRetryIn(left);
      countdown = setInterval(() => {
        left -= 1;
        if (left > 0) {
          setRetryIn(left);
          return;
        }
        stopWaiting();
        initialize();
      }, 1000);
    };
    const onConnect = () => initialize();
    const onSnapshot = (message: unknown) => {
      const parsed = z.safeParse(p2cListSnapshot, message);
      if (!parsed.success) return;
      keep(listFromSnapshot(parsed.data));
      setStatus('live');
    };
    const onUpdate = (message: unknown) => {
      const parsed = z.safeParse(p2cListUpdate, message);
      const current = listRef.current;
      // Before the snapshot an update has nothing to apply to: the snapshot on its way covers it.
      if (current === null) return;
      const next = parsed.success ? applyUpdate(current, parsed.data) : null;
      if (next === null) {
        initialize();
        return;
      }
      keep(next);
    };
    const onListError = (message: unknown) => {
      const parsed = z.safeParse(p2cListError, message);
      if (!parsed.success) return;
      if (parsed.data.code === 'rate_limited') {
        waitThenInitialize(parsed.data.seconds ?? rateLimitedFallbackSeconds);
        return;
      }
      setStatus('forbidden');
    };
    const onDisconnect = () => {
      stopWaiting();
      setStatus((now) => (now === 'forbidden' ? now : 'reconnecting'));
    };
    const onConnectError = () => {
      // socket.io retries a dropped transport by itself; a refusal by the server's middleware
      // (no session) leaves the socket inactive, and only the person's retry tries again.
      setStatus(socket.active ? 'reconnecting' : 'refused');
    };
    socket.on('connect', onConnect);
    socket.on(p2cSocketEvents.snapshot, onSnapshot);
    socket.on(p2cSocketEvents.update, onUpdate);
    socket.on(p2cSocketEvents.error, onListError);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    if (socket.connected) initialize();
    return () => {
      clearInterval(countdown);
      socket.off();
      socket.disconnect();
      socketRef.current = null;
    };
  }, [open]);

  const retry = useCallback(() => {
    setStatus('connecting');
    socketRef.current?.connect();
  }, []);

  return { status, items: list?.items ?? noItems, retryIn, retry };
}
