/**
 * Telegram's Mini Apps bridge, spoken directly (https://docs.telegram-mini-apps.com/platform/methods
 * and /events): a method goes out as an event type with JSON data, and the messenger's events come
 * back the same way. This replaces `@telegram-apps/sdk-react` (20 KiB gzip) with the few hundred
 * bytes the app needs.
 *
 * Out: `window.TelegramWebviewProxy.postEvent(type, json)` (iOS, Android, desktop apps and the
 * end-to-end tests), `window.external.notify(json)` (Windows Phone), or a `postMessage` of
 * `{ eventType, eventData }` to the parent frame (Telegram Web).
 * In: `window.Telegram.WebView.receiveEvent(type, data)` (and the older `TelegramGameProxy`
 * receivers) called by the apps, or a `message` event from the parent frame carrying
 * `{ eventType, eventData }` as JSON.
 */
import type { Transport } from './transport.ts';

type Receiver = (eventType: string, eventData?: unknown) => void;

declare global {
  interface Window {
    TelegramWebviewProxy?: { postEvent(eventType: string, eventData?: string): void };
    Telegram?: { WebView?: { receiveEvent?: Receiver } };
    TelegramGameProxy?: { receiveEvent?: Receiver };
    TelegramGameProxy_receiveEvent?: Receiver;
  }
}

export type TelegramEventListener = (eventData: unknown) => void;

export interface TelegramBridge {
  /** Calls a method of the messenger; `eventData` omitted for methods without parameters. */
  post(eventType: string, eventData?: object): void;
  /** Listens to one event of the messenger; returns how to stop. */
  on(eventType: string, listener: TelegramEventListener): () => void;
  /** Calls a method and resolves with the data of the next `answer` event. */
  request(eventType: string, answer: string, eventData?: object): Promise<unknown>;
}

/** Telegram Web's origin, the only parent a mini app in a frame talks to. */
const webOrigin = 'https://web.telegram.org';

function sender(transport: Transport): (eventType: string, eventData?: object) => void {
  const envelope = (eventType: string, eventData?: object) => JSON.stringify({ eventType, eventData });
  switch (transport) {
    case 'iframe':
      return (eventType, eventData) => window.parent.postMessage(envelope(eventType, eventData), webOrigin);
    case 'webview-proxy':
      // `JSON.stringify(undefined)` is undefined: a method without parameters gets no data at all.
      return (eventType, eventData) =>
        window.TelegramWebviewProxy?.postEvent(
          eventType,
          eventData === undefined ? undefined : JSON.stringify(eventData),
        );
    case 'external-notify':
      return (eventType, eventData) => {
        const notify: unknown = Reflect.get(window.external, 'notify');
        if (typeof notify === 'function') Reflect.apply(notify, window.external, [envelope(eventType, eventData)]);
      };
    case 'none':
      // A browser at a URL with launch parameters and no messenger around it: nobody listens.
      return () => {};
  }
}

function parseEnvelope(data: unknown): { eventType: string; eventData: unknown } | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const eventType: unknown = Reflect.get(parsed, 'eventType');
    return typeof eventType === 'string' ? { eventType, eventData: Reflect.get(parsed, 'eventData') } : null;
  } catch {
    return null;
  }
}

/** Connects to the messenger once: installs the receivers and returns the bridge. */
export function connectBridge(transport: Transport): TelegramBridge {
  const listeners = new Map<string, Set<TelegramEventListener>>();
  const receive: Receiver = (eventType, eventData) => {
    for (const listener of [...(listeners.get(eventType) ?? [])]) {
      try {
        listener(eventData);
      } catch (error) {
        console.warn(`Telegram: handling ${eventType} failed`, error);
      }
    }
  };

  window.Telegram ??= {};
  window.Telegram.WebView ??= {};
  window.Telegram.WebView.receiveEvent = receive;
  window.TelegramGameProxy ??= {};
  window.TelegramGameProxy.receiveEvent = receive;
  window.TelegramGameProxy_receiveEvent = receive;
  window.addEventListener('message', (event) => {
    // Only the frame around the app speaks for Telegram (at the top level that is the page itself).
    if (event.source !== window.parent) return;
    const envelope = parseEnvelope(event.data);
    if (envelope) receive(envelope.eventType, envelope.eventData);
  });

  const send = sender(transport);
  const post = (eventType: string, eventData?: object): void => {
    try {
      send(eventType, eventData);
    } catch (error) {
      // An unsupported or failing call must never break the app.
      console.warn(`Telegram: ${eventType} failed`, error);
    }
  };
  const on = (eventType: string, listener: TelegramEventListener): (() => void) => {
    const set = listeners.get(eventType) ?? new Set();
    listeners.set(eventType, set);
    set.add(listener);
    return () => set.delete(listener);
  };

  if (transport === 'iframe') {
    // Telegram Web reloads the frame on request and wants to know the app can be reloaded.
    on('reload_iframe', () => {
      post('iframe_will_reload');
      window.location.reload();
    });
    post('iframe_ready', { reload_supported: true });
  }

  return {
    post,
    on,
    request(eventType, answer, eventData) {
      return new Promise((resolve) => {
        const off = on(answer, (data) => {
          off();
          resolve(data);
        });
        post(eventType, eventData);
      });
    },
  };
}
