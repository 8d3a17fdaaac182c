/**
 * The platforms feed the theme machine and let it decide (one source of truth): the web starts
 * from the stored preference and `prefers-color-scheme` and follows the device's changes; the
 * mini app follows Telegram's scheme whatever is stored.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMiniAppPlatform } from '../../../src/app/platform/miniApp.ts';
import { readThemePreference, themeStorageKey } from '../../../src/app/platform/theme.ts';
import { createWebPlatform } from '../../../src/app/platform/web.ts';

/** A `prefers-color-scheme: dark` query whose answer the test changes. */
function fakeDarkQuery(initially: boolean) {
  const target = new EventTarget();
  const query = Object.assign(target, {
    matches: initially,
    media: '(prefers-color-scheme: dark)',
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
  });
  return {
    query,
    turn(dark: boolean) {
      query.matches = dark;
      target.dispatchEvent(Object.assign(new Event('change'), { matches: dark }));
    },
  };
}

let device = fakeDarkQuery(false);
const root = document.documentElement;

beforeEach(() => {
  device = fakeDarkQuery(false);
  vi.stubGlobal('matchMedia', () => device.query);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete root.dataset.theme;
});

describe('the web theme', () => {
  it('follows the device while nothing is stored, live', () => {
    device = fakeDarkQuery(true);
    const platform = createWebPlatform(root);
    expect(root.dataset.theme).toBe('dark');
    expect(platform.getTheme()).toEqual({ scheme: 'dark', source: 'device' });
    const listener = vi.fn();
    platform.subscribeTheme(listener);
    device.turn(false);
    expect(root.dataset.theme).toBe('light');
    expect(platform.getTheme()).toEqual({ scheme: 'light', source: 'device' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('starts from the stored choice and keeps it when the device changes', () => {
    localStorage.setItem(themeStorageKey, 'dark');
    const platform = createWebPlatform(root);
    expect(root.dataset.theme).toBe('dark');
    expect(platform.getTheme()).toEqual({ scheme: 'dark', source: 'choice' });
    device.turn(true);
    device.turn(false);
    expect(root.dataset.theme).toBe('dark');
  });

  it('stores a new choice under kopilka.theme, and the device again when chosen', () => {
    const platform = createWebPlatform(root);
    platform.theme.send({ type: 'theme.set', preference: 'dark' });
    expect(localStorage.getItem('kopilka.theme')).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
    device.turn(true);
    platform.theme.send({ type: 'theme.set', preference: 'device' });
    expect(localStorage.getItem('kopilka.theme')).toBe('device');
    expect(root.dataset.theme).toBe('dark');
  });

  it('reads an unknown stored value as the device, and survives storage that throws', () => {
    localStorage.setItem(themeStorageKey, 'sepia');
    expect(readThemePreference(localStorage)).toBe('device');
    const broken = Object.assign(Object.create(localStorage), {
      getItem: () => {
        throw new Error('denied');
      },
    });
    expect(readThemePreference(broken)).toBeNull();
    expect(readThemePreference(null)).toBeNull();
  });
});

describe('the mini app theme', () => {
  it("follows Telegram's scheme and offers no choice, whatever is stored", async () => {
    // The platform loads the SDK lazily; loaded here first, so it has settled before the test ends.
    // Without launch parameters in the address the SDK declines (and the platform says so): the
    // theme needs none of it.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await import('../../../src/app/platform/telegramSession.ts');
    localStorage.setItem(themeStorageKey, 'light');
    const platform = createMiniAppPlatform(
      {
        version: '8.0',
        platform: 'tdesktop',
        themeParams: { bg_color: '#17212b', text_color: '#f5f5f5' },
        initDataRaw: null,
        user: null,
        startParam: null,
        raw: '',
      },
      root,
    );
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.getPropertyValue('--tg-theme-bg-color')).toBe('#17212b');
    expect(platform.getTheme()).toEqual({ scheme: 'dark', source: 'telegram' });
    expect(platform.theme.getSnapshot().can({ type: 'theme.toggle' })).toBe(false);
    platform.theme.send({ type: 'messenger.schemeChange', scheme: 'light' });
    expect(root.dataset.theme).toBe('light');
    expect(localStorage.getItem(themeStorageKey)).toBe('light');
    await new Promise((resolve) => setTimeout(resolve, 20));
    warn.mockRestore();
  });
});
