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
  backButton,
  biometry,
  hapticFeedback,
  init,
  mainButton,
  miniApp,
  mockTelegramEnv,
  popup,
  qrScanner,
  secondaryButton,
  settingsButton,
  swipeBehavior,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import { readableThemeParams } from './readableTheme.ts';
import type { ButtonLook, ScreenActionSlot, ScreenActionsSnapshot } from './screenActions.ts';
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
  /**
   * Shows a screen's actions on Telegram's MainButton, SecondaryButton (when `secondary` is
   * allowed, 7.10+) and BackButton; presses come back through `ConnectOptions.onScreenAction`.
   */
  showScreenActions(actions: ScreenActionsSnapshot): void;
}

export interface ConnectOptions {
  readonly transport: Transport;
  readonly swipeToCloseDisabled: boolean;
  /** The theme parameters, made readable (readableTheme.ts): once when connected, then on every change. */
  onThemeChange(params: Record<string, string>): void;
  /** A press of Telegram's MainButton, SecondaryButton or BackButton. */
  onScreenAction(slot: ScreenActionSlot): void;
  /** The SecondaryButton may be used (Bot API 7.10+). */
  readonly secondaryButton: boolean;
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
    // No bindCssVars: the app writes the variables itself, made readable (WCAG AA), now and on
    // every change.
    options.onThemeChange(readableThemeParams(definedColours(themeParams.state())));
    themeParams.state.sub((state) => options.onThemeChange(readableThemeParams(definedColours(state))));
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
    showScreenActions: connectScreenButtons(options),
  };
}

type RgbColour = `#${string}`;
/** Telegram's theme parameters by their own names (`button_color`, …), as the SDK keeps them. */
type Palette = Partial<Record<string, RgbColour>>;

/**
 * A button's parameters for Telegram. The enabled colours are the theme's (`enabled`), asked for
 * explicitly so a button disabled before shows them again; a disabled button is greyed with the
 * theme's hint colour, since Telegram draws an inactive button as it draws an active one.
 */
function buttonParams(look: ButtonLook | null, palette: Palette, enabled: { background?: string; text?: string }) {
  if (!look) return { isVisible: false };
  const greyed = look.disabled && !look.busy;
  const background = greyed ? palette.hint_color : enabled.background && palette[enabled.background];
  const text = greyed ? palette.bg_color : enabled.text && palette[enabled.text];
  return {
    isVisible: true,
    text: look.label,
    isEnabled: !look.disabled && !look.busy,
    isLoaderVisible: look.busy,
    hasShineEffect: false,
    ...(background ? { backgroundColor: background } : {}),
    ...(text ? { textColor: text } : {}),
  };
}

/**
 * Mounts the three buttons once, listens to their presses and to the theme (the buttons are
 * repainted in a new one), and returns how to show a screen's actions.
 */
function connectScreenButtons(options: ConnectOptions): (actions: ScreenActionsSnapshot) => void {
  attempt('main button', () => {
    mainButton.mount();
    mainButton.onClick(() => options.onScreenAction('main'));
  });
  attempt('back button', () => {
    if (!backButton.mount.isAvailable()) return;
    backButton.mount();
    backButton.onClick(() => options.onScreenAction('back'));
  });
  const secondary = options.secondaryButton && secondaryButton.mount.isAvailable();
  if (secondary) {
    attempt('secondary button', () => {
      secondaryButton.mount();
      secondaryButton.onClick(() => options.onScreenAction('secondary'));
    });
  }

  const show = (actions: ScreenActionsSnapshot, palette: Palette): void => {
    attempt('main button', () =>
      mainButton.setParams(
        buttonParams(actions.main, palette, { background: 'button_color', text: 'button_text_color' }),
      ),
    );
    if (secondary) {
      attempt('secondary button', () =>
        secondaryButton.setParams({
          ...buttonParams(actions.secondary, palette, {
            background: palette.bottom_bar_bg_color ? 'bottom_bar_bg_color' : 'secondary_bg_color',
            text: 'button_color',
          }),
          // Under the main button, like @wallet's pairs of actions.
          position: 'bottom',
        }),
      );
    }
    attempt('back button', () => {
      if (actions.back) backButton.show.ifAvailable();
      else backButton.hide.ifAvailable();
    });
  };

  // The palette the subscription hands over (the SDK's derived colours may lag behind it there).
  let palette: Palette = themeParams.state();
  let shown: ScreenActionsSnapshot | null = null;
  attempt('button colours', () =>
    themeParams.state.sub((next) => {
      palette = next;
      if (shown) show(shown, palette);
    }),
  );
  return (actions) => {
    shown = actions;
    show(actions, palette);
  };
}

/** How long the messenger has to say whether biometrics are available (issue 9): 1 s. */
export const BIOMETRY_ANSWER_MS = 1000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
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
      // Mounting asks the messenger for its biometry info; a host that stays silent must not
      // keep a screen waiting, so after BIOMETRY_ANSWER_MS the answer is "not available" (a
      // later call sees the info if it has come since).
      const answered = await Promise.race([mount(), delay(BIOMETRY_ANSWER_MS).then(() => false)]);
      return answered && biometry.isAvailable();
    },
    async authenticate(reason) {
      if (!(await mount()) || !biometry.authenticate.isAvailable()) return null;
      try {
        const { status, token } = await biometry.authenticate({ reason: reason.slice(0, 128) });
        return status === 'authorized' && token ? token : null;
      } catch (error) {
        console.warn('Telegram: biometric authentication failed', error);
        return null;
      }
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
