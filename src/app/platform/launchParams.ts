/**
 * A tiny reader of Telegram's launch parameters (tgWebAppVersion, tgWebAppPlatform,
 * tgWebAppThemeParams, tgWebAppData, tgWebAppStartParam). It runs on every start, so it
 * must not pull in the Telegram session: the web wallet never loads it at all.
 *
 * Telegram passes the parameters in the URL hash (sometimes partly in the query string);
 * after the app navigates and the page is reloaded they are gone from the URL, so, like the
 * Telegram SDK did, we keep the last good set in sessionStorage under the SDK's key.
 */

/**
 * The key `@telegram-apps/sdk` kept them under (`tapps/` prefix + `launchParams`), which the app
 * used while it ran on that SDK: a tab open across the update still reloads as the mini app.
 */
export const launchParamsStorageKey = 'tapps/launchParams';

export interface LaunchUser {
  readonly id: number;
  readonly firstName: string;
  readonly languageCode: string | null;
}

export interface LaunchParams {
  /** Bot API version of the messenger, e.g. "7.10". */
  readonly version: string;
  /** Telegram's platform name: ios, android, android_x, tdesktop, macos, web, weba, webk, unigram… */
  readonly platform: string;
  /** Theme parameters as Telegram sends them: snake_case keys, "#rrggbb" values. */
  readonly themeParams: Readonly<Record<string, string>>;
  /** The raw init data query string, as the server needs it for sign-in; null when absent. */
  readonly initDataRaw: string | null;
  readonly user: LaunchUser | null;
  readonly startParam: string | null;
  /** The query string the parameters were read from (what sessionStorage keeps). */
  readonly raw: string;
}

/** Everything after the first `?` or `#`, with further `?`/`#` turned into `&` (Telegram SDK's rule). */
export function launchQueryOf(href: string): string {
  return href.replace(/^[^?#]*[?#]/, '').replace(/[?#]/g, '&');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Theme parameters as the app keeps them: Telegram's snake_case keys, "#rrggbb" in lower case;
 * anything that is not a colour is left out. For the launch parameters and `theme_changed` alike.
 */
export function themeParamsOf(params: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!isRecord(params)) return result;
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)) result[key] = value.toLowerCase();
    else if (typeof value === 'string' && /^#[0-9a-f]{3}$/i.test(value)) {
      result[key] = `#${[...value.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
    }
  }
  return result;
}

function parseUser(initData: string | null): LaunchUser | null {
  if (initData === null) return null;
  const userJson = new URLSearchParams(initData).get('user');
  const user = userJson === null ? undefined : parseJson(userJson);
  if (!isRecord(user) || typeof user.id !== 'number') return null;
  return {
    id: user.id,
    firstName: typeof user.first_name === 'string' ? user.first_name : '',
    languageCode: typeof user.language_code === 'string' ? user.language_code : null,
  };
}

/** Parses one query string; null unless it carries at least a version and a platform. */
export function parseLaunchParams(query: string): LaunchParams | null {
  const search = new URLSearchParams(query);
  const version = search.get('tgWebAppVersion');
  const platform = search.get('tgWebAppPlatform');
  if (!version || !platform || !/^\d+(\.\d+)*$/.test(version)) return null;
  const initDataRaw = search.get('tgWebAppData') || null;
  const startFromData = initDataRaw === null ? null : new URLSearchParams(initDataRaw).get('start_param');
  return {
    version,
    platform,
    themeParams: themeParamsOf(parseJson(search.get('tgWebAppThemeParams') ?? '')),
    initDataRaw,
    user: parseUser(initDataRaw),
    startParam: search.get('tgWebAppStartParam') || startFromData || null,
    raw: query,
  };
}

/** Where launch parameters may come from; injectable for tests. */
export interface LaunchSource {
  readonly href: string;
  readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

function readStored(storage: LaunchSource['storage']): string | null {
  try {
    const stored = storage?.getItem(launchParamsStorageKey);
    const value = stored ? parseJson(stored) : undefined;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The launch parameters of this page: from the URL first, else from the copy kept in
 * sessionStorage by an earlier load of the same tab. A URL that carries them refreshes the copy.
 */
export function readLaunchParams(source: LaunchSource): LaunchParams | null {
  const fromUrl = parseLaunchParams(launchQueryOf(source.href));
  if (fromUrl) {
    try {
      source.storage?.setItem(launchParamsStorageKey, JSON.stringify(fromUrl.raw));
    } catch {
      // Storage may be disabled (private mode); the URL is enough for this load.
    }
    return fromUrl;
  }
  const stored = readStored(source.storage);
  return stored === null ? null : parseLaunchParams(stored);
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reads the current page's launch parameters once. */
export function readPageLaunchParams(): LaunchParams | null {
  return readLaunchParams({ href: window.location.href, storage: safeSessionStorage() });
}
