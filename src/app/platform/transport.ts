/**
 * How a mini app talks to Telegram: a parent frame (Web, Desktop web versions), the
 * `TelegramWebviewProxy` object (iOS, Android, desktop apps; also what end-to-end tests define
 * before the page loads to observe events), or `window.external.notify` (Windows Phone).
 * `none`: a plain browser opened at a URL with launch parameters, with no host listening.
 */
export type Transport = 'iframe' | 'webview-proxy' | 'external-notify' | 'none';

function hasMethod(owner: unknown, name: string): boolean {
  return typeof owner === 'object' && owner !== null && typeof Reflect.get(owner, name) === 'function';
}

export function detectTransport(target: Window = window): Transport {
  try {
    if (target.self !== target.top) return 'iframe';
  } catch {
    return 'iframe';
  }
  if (hasMethod(Reflect.get(target, 'TelegramWebviewProxy'), 'postEvent')) return 'webview-proxy';
  if (hasMethod(Reflect.get(target, 'external'), 'notify')) return 'external-notify';
  return 'none';
}
