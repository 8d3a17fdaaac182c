/**
 * The one module that imports the Telegram SDK. It is loaded with `import()` only inside the
 * mini app, so the web wallet's bundle never contains it.
 *
 * Events go out through the SDK's standard transport: the parent frame, or
 * `window.TelegramWebviewProxy.postEvent(type, json)`. A test (or a developer) that defines
 * `window.TelegramWebviewProxy` before the page loads sees every event the app sends, and can
 * answer with `window.Telegram.WebView.receiveEvent(name, payload)`.
 */
import {
  biometry,
  hapticFeedback,
  init,
  miniApp,
  mockTelegramEnv,
  popup,
  qrScanner,
  settingsButton,
  swipeBehavior,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import type { Transport } from './transport.ts';
import type { Biometry, HapticKind } from './types.ts';

export interface TelegramSession {
  expand(): void;
  haptic(kind: HapticKind): void;
  alert(message: string): Promise<void>;
  showSettingsButton(handler: () => void): () => void;
  ready(): void;
  scanQr(prompt: string): Promise<string | null>;
  biometry: Biometry;
}

export interface ConnectOptions {
  readonly transport: Transport;
  readonly swipeToCloseDisabled: boolean;
  onThemeChange(params: Record<string, string>): void;
}

/** Runs one SDK call; an unsupported or failing call must never break the app. */
function attempt(label: string, call: () => void): void {
  try {
    call();
  } catch (error) {
    console.warn(`Telegram: ${label} failed`, error);
  }
}

function definedColours(state: Partial<Record<string, string>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(state)) if (value !== undefined) result[key] = value;
  return result;
}

/** Telegram's own names for the viewport variables (its web-app script uses the same). */
function viewportVariable(key: string): string {
  const kebab = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return kebab.includes('safe-area') ? `--tg-${kebab}` : `--tg-viewport-${kebab}`;
}

export function connectTelegram(options: ConnectOptions): TelegramSession {
  if (options.transport === 'none') {
    // A browser opened at a URL with launch parameters and no Telegram around it: give the
    // SDK a transport that goes nowhere rather than letting every call throw.
    mockTelegramEnv();
  }
  // Telegram Web's custom styles arrive as an inline <style> element, which the app's CSP
  // (styles from this origin only) refuses; the app styles itself from the theme parameters.
  init({ acceptCustomStyles: false });

  attempt('theme', () => {
    themeParams.mountSync();
    themeParams.bindCssVars();
    themeParams.state.sub((state) => options.onThemeChange(definedColours(state)));
  });
  attempt('colours', () => {
    miniApp.mountSync();
    // Pages use the secondary background (grouped lists), so the messenger's chrome matches it.
    miniApp.setHeaderColor.ifAvailable('secondary_bg_color');
    miniApp.setBackgroundColor.ifAvailable('secondary_bg_color');
  });
  if (options.swipeToCloseDisabled) {
    attempt('swipe behaviour', () => {
      // Mounting sends `web_app_setup_swipe_behavior`; disabling again keeps it explicit.
      if (swipeBehavior.mount.isAvailable()) {
        swipeBehavior.mount();
        swipeBehavior.disableVertical.ifAvailable();
      }
    });
  }
  if (options.transport !== 'none' && viewport.mount.isAvailable()) {
    // Safe-area insets and heights as CSS variables; a host that never answers just times out.
    viewport
      .mount({ timeout: 3000 })
      .then(() => viewport.bindCssVars(viewportVariable))
      .catch(() => {});
  }

  return {
    expand() {
      attempt('expand', () => viewport.expand.ifAvailable());
    },
    haptic(kind) {
      attempt('haptics', () => {
        if (kind === 'selection') hapticFeedback.selectionChanged.ifAvailable();
        else if (kind === 'success' || kind === 'warning' || kind === 'error')
          hapticFeedback.notificationOccurred.ifAvailable(kind);
        else hapticFeedback.impactOccurred.ifAvailable(kind);
      });
    },
    async alert(message) {
      if (!popup.open.isAvailable() || popup.isOpened()) return;
      try {
        // Telegram limits a popup message to 256 characters.
        await popup.open({ message: message.slice(0, 256), buttons: [{ id: 'ok', type: 'ok' }] });
      } catch (error) {
        console.warn('Telegram: popup failed', error);
      }
    },
    showSettingsButton(handler) {
      let detach: () => void = () => {};
      attempt('settings button', () => {
        if (!settingsButton.mount.isAvailable()) return;
        settingsButton.mount();
        settingsButton.show();
        detach = settingsButton.onClick(handler);
      });
      return () => {
        attempt('settings button', () => {
          detach();
          settingsButton.hide.ifAvailable();
        });
      };
    },
    ready() {
      attempt('ready', () => miniApp.ready.ifAvailable());
    },
    async scanQr(prompt) {
      if (!qrScanner.open.isAvailable() || qrScanner.isOpened()) return null;
      try {
        // The first code scanned closes the scanner; closing it by hand answers undefined.
        return (await qrScanner.open({ text: prompt })) ?? null;
      } catch (error) {
        console.warn('Telegram: QR scanner failed', error);
        return null;
      }
    },
    biometry: connectBiometry(),
  };
}

/** The messenger's biometry (7.2+), mounted on first use; every failure reads as "no". */
function connectBiometry(): Biometry {
  let mounted: Promise<boolean> | null = null;
  const mount = (): Promise<boolean> => {
    mounted ??= (async () => {
      if (!biometry.mount.isAvailable()) return false;
      if (!biometry.isMounted()) await biometry.mount(undefined);
      return true;
    })().catch(() => false);
    return mounted;
  };
  return {
    async isAvailable() {
      return (await mount()) && biometry.isAvailable();
    },
    async accessGranted() {
      return (await mount()) && biometry.state().accessGranted;
    },
    async requestAccess() {
      if (!(await mount()) || !biometry.requestAccess.isAvailable()) return false;
      return biometry.requestAccess();
    },
    async storeToken(token) {
      if (!(await mount()) || !biometry.updateToken.isAvailable()) return false;
      return (await biometry.updateToken({ token })) === 'updated';
    },
    async removeToken() {
      if (!(await mount()) || !biometry.updateToken.isAvailable()) return false;
      return (await biometry.updateToken({ token: '' })) === 'removed';
    },
    openSettings() {
      attempt('biometric settings', () => biometry.openSettings.ifAvailable());
    },
  };
}
