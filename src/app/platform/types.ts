import type { LaunchParams } from './launchParams.ts';
import type { ScreenActionsStore } from './screenActions.ts';
import type { ThemeActor } from './theme.ts';
import type { Capabilities } from './versionGates.ts';

export type PlatformKind = 'mini-app' | 'web';
export type ColorScheme = 'light' | 'dark';

export interface ThemeState {
  readonly scheme: ColorScheme;
  /**
   * Why this scheme: Telegram's theme inside the mini app; on the web the device's
   * `prefers-color-scheme` (preference "device") or the person's choice of light or dark.
   */
  readonly source: 'telegram' | 'device' | 'choice';
}

export type HapticKind = 'light' | 'medium' | 'heavy' | 'selection' | 'success' | 'warning' | 'error';

export interface MessengerInfo {
  /** Bot API version, e.g. "7.10". */
  readonly version: string;
  /** Telegram's platform name, e.g. "ios", "android", "tdesktop". */
  readonly platform: string;
  readonly desktop: boolean;
}

/**
 * The messenger's biometry (mini app ≥ 7.2 only; the web has none): access to the device's
 * biometrics and the secure storage of the biometric token.
 */
export interface Biometry {
  /**
   * The device has biometrics the messenger can use. False when the messenger has not answered
   * within a second (`BIOMETRY_ANSWER_MS`): screens never wait longer for a silent host.
   */
  isAvailable(): Promise<boolean>;
  /** The person already let the mini app use them. */
  accessGranted(): Promise<boolean>;
  /** Asks the person for access; true when granted. */
  requestAccess(): Promise<boolean>;
  /**
   * Asks the person to confirm with their face or fingerprint (`reason` is shown in the
   * messenger's prompt) and resolves with the biometric token kept in the secure storage; null
   * when they cancelled, the check failed or no token is stored.
   */
  authenticate(reason: string): Promise<string | null>;
  /** Stores the biometric token in the messenger's secure storage; true when stored. */
  storeToken(token: string): Promise<boolean>;
  /** Removes the stored token. */
  removeToken(): Promise<boolean>;
  /** Opens the messenger's biometric settings (access was refused). */
  openSettings(): void;
}

/**
 * The messenger's answer to a contact request: `sent` with the signed contact exactly as Telegram
 * gives it (`contact=…&auth_date=…&hash=…`, checked by the server with the bot token),
 * `cancelled` when the person declined, `unavailable` where it cannot be asked (the web, a
 * messenger older than 6.9, no answer in time): there the person shares the number with the bot.
 */
export type ContactRequestAnswer =
  | { readonly status: 'sent'; readonly response: string }
  | { readonly status: 'cancelled' }
  | { readonly status: 'unavailable' };

/**
 * Everything the app may ask of where it runs. Inside Telegram it is backed by the Mini Apps
 * bridge (telegramSession.ts, loaded lazily); on the web each capability has a fallback. Views and
 * machines reach it through the router context or `usePlatform()`, never through the bridge.
 */
export interface Platform {
  readonly kind: PlatformKind;
  /** Null on the web. */
  readonly messenger: MessengerInfo | null;
  /** Launch parameters read once at start-up; null on the web. */
  readonly launchParams: LaunchParams | null;
  /** Version-gated features; all false on the web. */
  readonly capabilities: Capabilities;
  /** Languages the person prefers, best first (init data user in the mini app, the browser on the web). */
  readonly preferredLanguages: readonly string[];

  /**
   * The theme machine (platform/theme.ts), started with the platform so the scheme is on <html>
   * before the first paint; the platform feeds it the device's and the messenger's changes.
   */
  readonly theme: ThemeActor;
  /** The scheme on screen, derived from `theme`. */
  getTheme(): ThemeState;
  /** For `useSyncExternalStore`: called whenever the scheme on screen changes. */
  subscribeTheme(listener: () => void): () => void;

  /** Haptic feedback from 6.1; does nothing on the web and on older messengers. */
  haptic(kind: HapticKind): void;
  /**
   * A native alert (mini app ≥ 6.2). Resolves when it is closed. Callers check
   * `capabilities.alert` first; on the web the app shows its own toast instead.
   */
  alert(message: string): Promise<void>;
  /** Shows the messenger's settings button (≥ 7.0) and calls `handler` on press; web: nothing. */
  onSettingsButton(handler: () => void): () => void;
  /**
   * The current screen's main, secondary and back actions (`useScreenActions()`). The mini app
   * mirrors them to Telegram's MainButton, SecondaryButton (7.10+) and BackButton; on the web the
   * shell renders them itself.
   */
  readonly screenActions: ScreenActionsStore;
  /** Called after every navigation: expands the mini app unless the path keeps it compact. */
  navigated(pathname: string): void;
  /** Expands the mini app to full height (a deep link's `expand`); web: nothing. */
  expand(): void;
  /** Tells the messenger the first screen is ready (hides its placeholder). */
  ready(): void;
  /** The messenger's biometry: only inside the mini app from 7.2; absent on the web. */
  readonly biometry?: Biometry;
  /**
   * The messenger's QR scanner (mini app ≥ 6.4; absent on the web): resolves with the first code
   * scanned, or null when the person closed the scanner or it could not open. `prompt` is the
   * line shown in the scanner.
   */
  readonly scanQr?: (prompt: string) => Promise<string | null>;
  /**
   * Asks the person to share their phone number (mini app ≥ 6.9, `capabilities.contactRequest`):
   * the messenger's own prompt. The web answers `unavailable` at once.
   */
  requestContact(): Promise<ContactRequestAnswer>;
}
