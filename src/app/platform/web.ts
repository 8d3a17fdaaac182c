import { applyColorScheme } from './theme.ts';
import type { Platform, ThemeState } from './types.ts';
import { noCapabilities } from './versionGates.ts';

function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages && navigator.languages.length > 0) return [...navigator.languages];
  return navigator.language ? [navigator.language] : [];
}

/**
 * The web wallet: no SDK at all. The theme follows the device's `prefers-color-scheme`, live;
 * haptics do nothing; alerts are the app's own toasts (capabilities.alert is false); there is no
 * settings button (the header links to the account instead); expand and ready have no meaning.
 */
export function createWebPlatform(root: HTMLElement = document.documentElement): Platform {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const listeners = new Set<() => void>();
  const themeOf = (): ThemeState => ({ scheme: query?.matches ? 'dark' : 'light', source: 'device' });
  let theme = themeOf();
  applyColorScheme(root, theme.scheme);
  query?.addEventListener('change', () => {
    theme = themeOf();
    applyColorScheme(root, theme.scheme);
    for (const listener of listeners) listener();
  });
  root.dataset.platform = 'web';

  return {
    kind: 'web',
    messenger: null,
    launchParams: null,
    capabilities: noCapabilities,
    preferredLanguages: browserLanguages(),
    getTheme: () => theme,
    subscribeTheme(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    haptic() {},
    alert: () => Promise.resolve(),
    onSettingsButton: () => () => {},
    navigated() {},
    ready() {},
  };
}
