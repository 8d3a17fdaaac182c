/**
 * A stand-in for socket.io-client's `io()`: records the options it was opened with and what the
 * app emits, and lets the test deliver server events (`serve`) and connection changes.
 */
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  active = true;
  readonly emitted: string[] = [];
  connects = 0;
  disconnected = false;
  private readonly listeners = new Map<string, Listener[]>();

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  off(): this {
    this.listeners.clear();
    return this;
  }
  emit(event: string): this {
    this.emitted.push(event);
    return this;
  }
  connect(): this {
    this.connects += 1;
    return this;
  }
  disconnect(): this {
    this.disconnected = true;
    return this;
  }
  /** The server (or the connection) sends `event`. */
  serve(event: string, ...args: unknown[]): void {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

export const sockets: { opened: Array<{ options: Record<string, unknown>; socket: FakeSocket }> } = { opened: [] };

export function fakeIo(options: Record<string, unknown>): FakeSocket {
  const socket = new FakeSocket();
  sockets.opened.push({ options, socket });
  return socket;
}

export function lastSocket(): FakeSocket {
  const last = sockets.opened.at(-1);
  if (last === undefined) throw new Error('No socket was opened');
  return last.socket;
}
