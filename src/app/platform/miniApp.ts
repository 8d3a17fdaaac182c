import { shouldExpand } from '../../../machines/deepLink/expandRule.ts';
import { preferredLanguagesOf } from './languages.ts';
import type { LaunchParams } from './launchParams.ts';
import { createScreenActionsStore } from './screenActions.ts';
import type { TelegramSession } from './telegramSession.ts';
import {
  applyThemeParams,
  createThemeActor,
  darkSchemeQuery,
  localStorageOrNull,
  schemeOfThemeParams,
  themeStore,
} from './theme.ts';
import { detectTransport, type Transport } from './transport.ts';
import type { Biometry, HapticKind, Platform } from './types.ts';
import { capabilitiesFor } from './versionGates.ts';
import { isDesktopPlatform, shouldDisableVerticalSwipe } from './viewportRules.ts';

/** The messenger's QR scanner once the session is there; null without it (the scan simply gives nothing). */
function scanQrWith(session: Promise<TelegramSession | null>): (prompt: string) => Promise<string | null> {
  return async (prompt) => {
    const telegram = await session;
    return telegram ? telegram.scanQr(prompt) : null;
  };
}

/**
 * The mini app. Everything that can be known without the bridge (kind, version gates, theme
 * from the launch parameters, language) is known at once, so the first screen paints in the
 * right colours without waiting; the Telegram session (telegramSession.ts) is a separate chunk
 * loaded with `import()`, and every call waits for it.
 */
export function createMiniAppPlatform(launch: LaunchParams, root: HTMLElement = document.documentElement): Platform {
  const transport: Transport = detectTransport();
  const hostListening = transport !== 'none';
  const versionCapabilities = capabilitiesFor(launch.version);
  // Without a host nobody would show the alert: the app's toast is the honest fallback.
  const capabilities = { ...versionCapabilities, alert: versionCapabilities.alert && hostListening };

  // Telegram's colours go on <html> as they are; the theme machine follows the messenger's scheme
  // (it sets `data-theme`, which picks our palette for any key an older Telegram does not send).
  applyThemeParams(root, launch.themeParams);
  const theme = createThemeActor({
    root,
    storage: localStorageOrNull(),
    deviceScheme: darkSchemeQuery()?.matches ? 'dark' : 'light',
    messengerScheme: schemeOfThemeParams(launch.themeParams),
  });
  root.dataset.platform = 'mini-app';

  const screenActions = createScreenActionsStore();
  const session: Promise<TelegramSession | null> = import('./telegramSession.ts')
    .then(({ connectTelegram }) =>
      connectTelegram({
        transport,
        version: launch.version,
        desktop: isDesktopPlatform(launch.platform),
        themeParams: launch.themeParams,
        swipeToCloseDisabled: shouldDisableVerticalSwipe(launch.platform),
        onThemeChange(params) {
          applyThemeParams(root, params);
          theme.send({ type: 'messenger.schemeChange', scheme: schemeOfThemeParams(params) });
        },
        onScreenAction: (slot) => screenActions.press(slot),
        secondaryButton: capabilities.secondaryButton,
      }),
    )
    .then((telegram) => {
      // Telegram's buttons follow the screen's actions from now on (and show the current ones).
      const showScreenActions = () => telegram.showScreenActions(screenActions.snapshot());
      screenActions.subscribe(showScreenActions);
      showScreenActions();
      return telegram;
    })
    .catch((error: unknown) => {
      // The app still works without the session (no native buttons); say why in the console.
      console.warn('Telegram bridge unavailable', error);
      return null;
    });

  const withSession = (use: (telegram: TelegramSession) => void): void => {
    void session.then((telegram) => {
      if (telegram) use(telegram);
    });
  };

  const withBiometry = async <T>(use: (biometry: Biometry) => Promise<T>, otherwise: T): Promise<T> => {
    const telegram = await session;
    return telegram ? use(telegram.biometry) : otherwise;
  };
  const biometry: Biometry = {
    isAvailable: () => withBiometry((b) => b.isAvailable(), false),
    accessGranted: () => withBiometry((b) => b.accessGranted(), false),
    requestAccess: () => withBiometry((b) => b.requestAccess(), false),
    authenticate: (reason) => withBiometry((b) => b.authenticate(reason), null),
    storeToken: (token) => withBiometry((b) => b.storeToken(token), false),
    removeToken: () => withBiometry((b) => b.removeToken(), false),
    openSettings: () => withSession((telegram) => telegram.biometry.openSettings()),
  };

  return {
    kind: 'mini-app',
    messenger: { version: launch.version, platform: launch.platform, desktop: isDesktopPlatform(launch.platform) },
    launchParams: launch,
    capabilities,
    preferredLanguages: preferredLanguagesOf(launch),
    theme,
    ...themeStore(theme),
    haptic(kind: HapticKind) {
      if (capabilities.haptics) withSession((telegram) => telegram.haptic(kind));
    },
    async alert(message) {
      const telegram = capabilities.alert ? await session : null;
      if (telegram) await telegram.alert(message);
    },
    screenActions,
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
    expand() {
      withSession((telegram) => telegram.expand());
    },
    ready() {
      withSession((telegram) => telegram.ready());
    },
    async requestContact() {
      const telegram = capabilities.contactRequest && hostListening ? await session : null;
      return telegram ? telegram.requestContact() : { status: 'unavailable' };
    },
    ...(capabilities.biometrics ? { biometry } : {}),
    ...(capabilities.qrScanner ? { scanQr: scanQrWith(session) } : {}),
  };
}
