import { type ActorRefFrom, createActor, type SnapshotFrom } from 'xstate';
import { parseThemePreference, type ThemePreference, themeMachine } from '../../../machines/theme.machine.ts';
import type { ColorScheme, Platform, ThemeState } from './types.ts';

/** The theme keys the UI uses, as Telegram names them. */
export const themeKeys = [
  'bg_color',
  'secondary_bg_color',
  'section_bg_color',
  'header_bg_color',
  'bottom_bar_bg_color',
  'text_color',
  'hint_color',
  'link_color',
  'button_color',
  'button_text_color',
  'destructive_text_color',
  'accent_text_color',
  'section_header_text_color',
  'subtitle_text_color',
  'section_separator_color',
] as const;

/** `bg_color` → `--tg-theme-bg-color`, the name Telegram's own web-app script uses. */
export function themeVariableName(key: string): string {
  return `--tg-theme-${key.replace(/_/g, '-')}`;
}

/** The relative luminance test Telegram's SDKs also use: dark when the colour is closer to black. */
export function isColorDark(hex: string): boolean {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return false;
  const [r, g, b] = [match[1], match[2], match[3]].map((part) => Number.parseInt(part ?? '0', 16));
  return Math.sqrt(0.299 * (r ?? 0) ** 2 + 0.587 * (g ?? 0) ** 2 + 0.114 * (b ?? 0) ** 2) < 120;
}

export function schemeOfThemeParams(params: Readonly<Record<string, string>>): ColorScheme {
  const background = params.bg_color;
  return background !== undefined && isColorDark(background) ? 'dark' : 'light';
}

/**
 * Sets the colour scheme on <html>: `data-theme` selects our palette (the web's colours and the
 * mini app's fallback for keys an older Telegram does not send) and `color-scheme` themes form
 * controls and scrollbars.
 */
export function applyColorScheme(root: HTMLElement, scheme: ColorScheme): void {
  root.dataset.theme = scheme;
  root.style.colorScheme = scheme;
}

/**
 * Writes Telegram's theme parameters as `--tg-theme-*` variables on <html>. At start-up they are
 * the launch parameters as sent, for the first paint; once the Telegram session (a lazy chunk) is
 * connected it
 * sends them again made readable (readableTheme.ts), which keeps the contrast code off the first
 * screen's budget.
 */
export function applyThemeParams(root: HTMLElement, params: Readonly<Record<string, string>>): void {
  for (const [key, value] of Object.entries(params)) root.style.setProperty(themeVariableName(key), value);
}

/** Where the web wallet keeps the person's theme preference (a preference, not a secret). */
export const themeStorageKey = 'kopilka.theme';

export type ThemeActor = ActorRefFrom<typeof themeMachine>;

/** Local storage when the browser lets us use it (private modes and sandboxes may not). */
export function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored preference, or null when none is stored (or storage is unavailable). */
export function readThemePreference(storage: Storage | null): ThemePreference | null {
  try {
    const value = storage?.getItem(themeStorageKey) ?? null;
    return value === null ? null : parseThemePreference(value);
  } catch {
    return null;
  }
}

export interface ThemeActorOptions {
  readonly root: HTMLElement;
  readonly storage: Storage | null;
  /** `prefers-color-scheme` now. */
  readonly deviceScheme: ColorScheme;
  /** The messenger's scheme inside the mini app; null on the web. */
  readonly messengerScheme: ColorScheme | null;
}

/**
 * The one source of truth for the colours on screen: the theme machine (machines/theme.machine.ts)
 * with its effects provided: `applyScheme` sets `data-theme` and `color-scheme` on <html> (our
 * light or dark palette on the web; inside the mini app the same attribute picks the fallback for
 * keys Telegram does not send, while Telegram's own `--tg-theme-*` values stay inline on <html>),
 * and `persistPreference` writes the choice to local storage. Started at once, so the scheme is
 * on <html> before the first paint. The platforms feed it `device.schemeChange` and
 * `messenger.schemeChange`; the settings send `theme.set`.
 */
export function createThemeActor(options: ThemeActorOptions): ThemeActor {
  const machine = themeMachine.provide({
    actions: {
      applyScheme: (_, { scheme }) => applyColorScheme(options.root, scheme),
      persistPreference: (_, { preference }) => {
        try {
          options.storage?.setItem(themeStorageKey, preference);
        } catch {
          // Storage full or forbidden: the choice still applies for this visit.
        }
      },
    },
  });
  return createActor(machine, {
    input: {
      preference: readThemePreference(options.storage),
      deviceScheme: options.deviceScheme,
      insideMessenger: options.messengerScheme !== null,
      messengerScheme: options.messengerScheme,
    },
  }).start();
}

/** What `Platform.getTheme()` reports, derived from the machine's snapshot. */
export function themeStateOf(snapshot: SnapshotFrom<typeof themeMachine>): ThemeState {
  const source = snapshot.hasTag('followsMessenger')
    ? 'telegram'
    : snapshot.hasTag('followsDevice')
      ? 'device'
      : 'choice';
  return { scheme: snapshot.context.scheme, source };
}

/**
 * `getTheme` / `subscribeTheme` over the theme actor, for `useSyncExternalStore`: the same
 * object until the scheme or its source changes.
 */
export function themeStore(actor: ThemeActor): Pick<Platform, 'getTheme' | 'subscribeTheme'> {
  const listeners = new Set<() => void>();
  let current = themeStateOf(actor.getSnapshot());
  actor.subscribe((snapshot) => {
    const next = themeStateOf(snapshot);
    if (next.scheme === current.scheme && next.source === current.source) return;
    current = next;
    for (const listener of listeners) listener();
  });
  return {
    getTheme: () => current,
    subscribeTheme(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** `prefers-color-scheme: dark`, when the browser can answer. */
export function darkSchemeQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;
}
