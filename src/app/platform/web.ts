import { preferredLanguagesOf } from './languages.ts';
import { createScreenActionsStore } from './screenActions.ts';
import { createThemeActor, darkSchemeQuery, localStorageOrNull, themeStore } from './theme.ts';
import type { Platform } from './types.ts';
import { noCapabilities } from './versionGates.ts';

/**
 * The web wallet: no Telegram bridge at all. The theme machine starts from the stored preference and the
 * device's `prefers-color-scheme`, whose changes it follows live;
 * haptics do nothing; alerts are the app's own toasts (capabilities.alert is false); there is no
 * settings button (the header links to the account instead); expand and ready have no meaning.
 */
export function createWebPlatform(root: HTMLElement = document.documentElement): Platform {
  const query = darkSchemeQuery();
  const theme = createThemeActor({
    root,
    storage: localStorageOrNull(),
    deviceScheme: query?.matches ? 'dark' : 'light',
    messengerScheme: null,
  });
  query?.addEventListener('change', (event) =>
    theme.send({ type: 'device.schemeChange', scheme: event.matches ? 'dark' : 'light' }),
  );
  root.dataset.platform = 'web';

  return {
    kind: 'web',
    messenger: null,
    launchParams: null,
    capabilities: noCapabilities,
    preferredLanguages: preferredLanguagesOf(null),
    theme,
    ...themeStore(theme),
    haptic() {},
    alert: () => Promise.resolve(),
    onSettingsButton: () => () => {},
    // The shell renders them: buttons under the screen, back in the header.
    screenActions: createScreenActionsStore(),
    navigated() {},
    expand() {},
    ready() {},
    // No messenger to ask: the verification flow sends the person to the bot instead.
    requestContact: () => Promise.resolve({ status: 'unavailable' }),
  };
}
