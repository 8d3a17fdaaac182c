import type { LaunchParams } from './launchParams.ts';
import type { TelegramSession } from './telegramSdk.ts';
import { applyColorScheme, applyThemeParams, schemeOfThemeParams } from './theme.ts';
import { detectTransport, type Transport } from './transport.ts';
import type { HapticKind, Platform, ThemeState } from './types.ts';
import { capabilitiesFor } from './versionGates.ts';
import { isDesktopPlatform, shouldDisableVerticalSwipe, shouldExpand } from './viewportRules.ts';

/**
 * The mini app. Everything that can be known without the SDK (kind, version gates, theme
 * from the launch parameters, language) is known at once, so the first screen paints in the
 * right colours without waiting; the SDK itself is a separate chunk loaded with `import()` and
 * every call waits for it.
 */
export function createMiniAppPlatform(launch: LaunchParams, root: HTMLElement = document.documentElement): Platform {
  const transport: Transport = detectTransport();
  const hostListening = transport !== 'none';
  const versionCapabilities = capabilitiesFor(launch.version);
  // Without a host nobody would show the alert: the app's toast is the honest fallback.
  const capabilities = { ...versionCapabilities, alert: versionCapabilities.alert && hostListening };

  const listeners = new Set<() => void>();
  let theme: ThemeState = { scheme: schemeOfThemeParams(launch.themeParams), source: 'telegram' };
  applyThemeParams(root, launch.themeParams);
  applyColorScheme(root, theme.scheme);
  root.dataset.platform = 'mini-app';

  const session: Promise<TelegramSession | null> = import('./telegramSdk.ts')
    .then(({ connectTelegram }) =>
      connectTelegram({
        transport,
        swipeToCloseDisabled: shouldDisableVerticalSwipe(launch.platform),
        onThemeChange(params) {
          applyColorScheme(root, schemeOfThemeParams(params));
          theme = { scheme: schemeOfThemeParams(params), source: 'telegram' };
          for (const listener of listeners) listener();
        },
      }),
    )
    .catch((error: unknown) => {
      // The app still works without the SDK (no native buttons); say why in the console.
      console.warn('Telegram SDK unavailable', error);
      return null;
    });

  const withSession = (use: (telegram: TelegramSession) => void): void => {
    void session.then((telegram) => {
      if (telegram) use(telegram);
    });
  };

  return {
    kind: 'mini-app',
    messenger: { version: launch.version, platform: launch.platform, desktop: isDesktopPlatform(launch.platform) },
    launchParams: launch,
    capabilities,
    preferredLanguages: launch.user?.languageCode ? [launch.user.languageCode] : [],
    getTheme: () => theme,
    subscribeTheme(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    haptic(kind: HapticKind) {
      if (capabilities.haptics) withSession((telegram) => telegram.haptic(kind));
    },
    async alert(message) {
      const telegram = capabilities.alert ? await session : null;
      if (telegram) await telegram.alert(message);
    },
    onSettingsButton(handler) {
      if (!capabilities.settingsButton) return () => {};
      let detach: (() => void) | null = null;
      let cancelled = false;
      withSession((telegram) => {
        if (!cancelled) detach = telegram.showSettingsButton(handler);
      });
      return () => {
        cancelled = true;
        detach?.();
      };
    },
    navigated(pathname) {
      if (shouldExpand(pathname)) withSession((telegram) => telegram.expand());
    },
    ready() {
      withSession((telegram) => telegram.ready());
    },
  };
}
