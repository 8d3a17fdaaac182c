/**
 * The mini app's conversation with Telegram, over our own bridge (telegramBridge.ts). It is loaded
 * with `import()` only inside the mini app, so the web wallet's bundle never contains it.
 *
 * A test (or a developer) that defines `window.TelegramWebviewProxy` before the page loads sees
 * every method the app calls, and can answer with `window.Telegram.WebView.receiveEvent(name,
 * payload)` or a `message` event carrying `{ eventType, eventData }`.
 */
import { themeParamsOf } from './launchParams.ts';
import { readableThemeParams } from './readableTheme.ts';
import type { ButtonLook, ScreenActionSlot, ScreenActionsSnapshot } from './screenActions.ts';
import { connectBridge, type TelegramBridge } from './telegramBridge.ts';
import type { Transport } from './transport.ts';
import type { Biometry, ContactRequestAnswer, HapticKind } from './types.ts';
import { isVersionAtLeast } from './versionGates.ts';

export interface TelegramSession {
  expand(): void;
  haptic(kind: HapticKind): void;
  alert(message: string): Promise<void>;
  showSettingsButton(handler: () => void): () => void;
  ready(): void;
  scanQr(prompt: string): Promise<string | null>;
  requestContact(): Promise<ContactRequestAnswer>;
  biometry: Biometry;
  /**
   * Shows a screen's actions on Telegram's MainButton, SecondaryButton (when `secondary` is
   * allowed, 7.10+) and BackButton; presses come back through `ConnectOptions.onScreenAction`.
   */
  showScreenActions(actions: ScreenActionsSnapshot): void;
}

export interface ConnectOptions {
  readonly transport: Transport;
  /** The messenger's Bot API version, from the launch parameters. */
  readonly version: string;
  /** A desktop client (viewportRules.ts): it reports no viewport of its own. */
  readonly desktop: boolean;
  /** The theme parameters of the launch, as Telegram sent them. */
  readonly themeParams: Readonly<Record<string, string>>;
  readonly swipeToCloseDisabled: boolean;
  /** The theme parameters, made readable (readableTheme.ts): once when connected, then on every change. */
  onThemeChange(params: Record<string, string>): void;
  /** A press of Telegram's MainButton, SecondaryButton or BackButton. */
  onScreenAction(slot: ScreenActionSlot): void;
  /** The SecondaryButton may be used (Bot API 7.10+). */
  readonly secondaryButton: boolean;
}

/**
 * Methods the session calls on its own, by the Bot API version that brought them. The features
 * a screen asks for (haptics, popups, the scanner, biometry…) are gated earlier, by the
 * capabilities of versionGates.ts.
 */
const since = { colours: '6.1', backButton: '6.1', swipeBehaviour: '7.7', safeArea: '8.0' } as const;

type Palette = Readonly<Record<string, string>>;

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** A field of an event's data; undefined when the data is not an object. */
function field(data: unknown, name: string): unknown {
  return isObject(data) ? Reflect.get(data, name) : undefined;
}

/** Sets Telegram's viewport and safe-area variables (styles/base.css reads the safe areas). */
function followViewport(bridge: TelegramBridge, options: ConnectOptions): void {
  const style = document.documentElement.style;
  const pixels = (name: string, value: unknown) => {
    if (typeof value === 'number' && Number.isFinite(value)) style.setProperty(name, `${value}px`);
  };
  bridge.on('viewport_changed', (data) => {
    pixels('--tg-viewport-height', field(data, 'height'));
    pixels('--tg-viewport-width', field(data, 'width'));
    if (field(data, 'is_state_stable') === true) pixels('--tg-viewport-stable-height', field(data, 'height'));
  });
  for (const [event, prefix] of [
    ['safe_area_changed', '--tg-safe-area-inset'],
    ['content_safe_area_changed', '--tg-content-safe-area-inset'],
  ] as const) {
    bridge.on(event, (data) => {
      for (const side of ['top', 'bottom', 'left', 'right']) pixels(`${prefix}-${side}`, field(data, side));
    });
  }
  if (!options.desktop) bridge.post('web_app_request_viewport');
  if (isVersionAtLeast(options.version, since.safeArea)) {
    bridge.post('web_app_request_safe_area');
    bridge.post('web_app_request_content_safe_area');
  }
}

export function connectTelegram(options: ConnectOptions): TelegramSession {
  const bridge = connectBridge(options.transport);
  const supports = (minimum: string) => isVersionAtLeast(options.version, minimum);

  // The palette as Telegram sends it (the buttons are painted with it); the app's colours are
  // the readable version of it, written by the platform now and on every change.
  let palette: Palette = options.themeParams;
  const themeListeners: ((palette: Palette) => void)[] = [];
  const paintBackground = () => {
    // Pages use the secondary background (grouped lists), so the messenger's chrome matches it.
    const colour = palette.secondary_bg_color;
    if (colour && supports(since.colours)) bridge.post('web_app_set_background_color', { color: colour });
  };
  options.onThemeChange(readableThemeParams({ ...palette }));
  bridge.on('theme_changed', (data) => {
    palette = themeParamsOf(field(data, 'theme_params'));
    options.onThemeChange(readableThemeParams({ ...palette }));
    paintBackground();
    for (const listener of themeListeners) listener(palette);
  });
  if (supports(since.colours)) bridge.post('web_app_set_header_color', { color_key: 'secondary_bg_color' });
  paintBackground();
  if (options.swipeToCloseDisabled && supports(since.swipeBehaviour)) {
    bridge.post('web_app_setup_swipe_behavior', { allow_vertical_swipe: false });
  }
  if (options.transport !== 'none') followViewport(bridge, options);

  let popupOpen = false;
  let scannerOpen = false;
  return {
    expand() {
      bridge.post('web_app_expand');
    },
    haptic(kind) {
      if (kind === 'selection') bridge.post('web_app_trigger_haptic_feedback', { type: 'selection_change' });
      else if (kind === 'success' || kind === 'warning' || kind === 'error')
        bridge.post('web_app_trigger_haptic_feedback', { type: 'notification', notification_type: kind });
      else bridge.post('web_app_trigger_haptic_feedback', { type: 'impact', impact_style: kind });
    },
    async alert(message) {
      if (popupOpen) return;
      popupOpen = true;
      // Telegram limits a popup message to 256 characters; the popup answers when it is closed.
      await bridge.request('web_app_open_popup', 'popup_closed', {
        title: '',
        message: message.slice(0, 256),
        buttons: [{ type: 'ok', id: 'ok' }],
      });
      popupOpen = false;
    },
    showSettingsButton(handler) {
      const stop = bridge.on('settings_button_pressed', () => handler());
      bridge.post('web_app_setup_settings_button', { is_visible: true });
      return () => {
        stop();
        bridge.post('web_app_setup_settings_button', { is_visible: false });
      };
    },
    ready() {
      bridge.post('web_app_ready');
    },
    scanQr(prompt) {
      if (scannerOpen) return Promise.resolve(null);
      scannerOpen = true;
      return new Promise((resolve) => {
        const finish = (text: string | null) => {
          scannerOpen = false;
          stopReading();
          stopClosing();
          resolve(text);
        };
        // The first code read closes the scanner; closing it by hand answers null.
        const stopReading = bridge.on('qr_text_received', (data) => {
          const text = field(data, 'data');
          if (typeof text !== 'string') return;
          bridge.post('web_app_close_scan_qr_popup');
          finish(text);
        });
        const stopClosing = bridge.on('scan_qr_popup_closed', () => finish(null));
        bridge.post('web_app_open_scan_qr_popup', { text: prompt });
      });
    },
    requestContact: connectContactRequest(bridge),
    biometry: connectBiometry(bridge),
    showScreenActions: connectScreenButtons(bridge, options, () => palette, themeListeners),
  };
}

/** A button's parameters by Telegram's names (`web_app_setup_main_button` and the others). */
interface ButtonParams {
  is_visible: boolean;
  is_active: boolean;
  is_progress_visible: boolean;
  has_shine_effect: boolean;
  text: string;
  color?: string;
  text_color?: string;
  position?: 'bottom';
}

/**
 * A button's parameters for Telegram. The enabled colours are the theme's (`enabled`), asked for
 * explicitly so a button disabled before shows them again; a disabled button is greyed with the
 * theme's hint colour, since Telegram draws an inactive button as it draws an active one.
 */
function buttonParams(
  look: ButtonLook | null,
  palette: Palette,
  enabled: { background: string; text: string },
): Partial<ButtonParams> {
  if (!look) return { is_visible: false };
  const greyed = look.disabled && !look.busy;
  const background = greyed ? palette.hint_color : palette[enabled.background];
  const text = greyed ? palette.bg_color : palette[enabled.text];
  return {
    is_visible: true,
    text: look.label,
    is_active: !look.disabled && !look.busy,
    is_progress_visible: look.busy,
    has_shine_effect: false,
    ...(background ? { color: background } : {}),
    ...(text ? { text_color: text } : {}),
  };
}

/**
 * One of Telegram's bottom buttons: the parameters last sent, merged with each change (Telegram
 * keeps a hidden button's text and colours), and sent only when they differ.
 */
function bottomButton(
  bridge: TelegramBridge,
  method: string,
  initial: ButtonParams,
): (next: Partial<ButtonParams>) => void {
  let params = initial;
  let sent = '';
  return (next) => {
    params = { ...params, ...next };
    const json = JSON.stringify(params);
    if (json === sent) return;
    sent = json;
    bridge.post(method, params);
  };
}

/**
 * Listens to the three buttons' presses and to the theme (the buttons are repainted in a new
 * one), and returns how to show a screen's actions.
 */
function connectScreenButtons(
  bridge: TelegramBridge,
  options: ConnectOptions,
  currentPalette: () => Palette,
  themeListeners: ((palette: Palette) => void)[],
): (actions: ScreenActionsSnapshot) => void {
  const hidden = { is_visible: false, is_active: true, is_progress_visible: false, has_shine_effect: false };
  const main = bottomButton(bridge, 'web_app_setup_main_button', { ...hidden, text: 'Continue' });
  const secondary = bottomButton(bridge, 'web_app_setup_secondary_button', { ...hidden, text: 'Cancel' });
  const backSupported = isVersionAtLeast(options.version, since.backButton);
  let backVisible: boolean | null = null;
  bridge.on('main_button_pressed', () => options.onScreenAction('main'));
  bridge.on('back_button_pressed', () => options.onScreenAction('back'));
  if (options.secondaryButton) bridge.on('secondary_button_pressed', () => options.onScreenAction('secondary'));

  const show = (actions: ScreenActionsSnapshot, palette: Palette): void => {
    main(buttonParams(actions.main, palette, { background: 'button_color', text: 'button_text_color' }));
    if (options.secondaryButton) {
      secondary({
        ...buttonParams(actions.secondary, palette, {
          background: palette.bottom_bar_bg_color ? 'bottom_bar_bg_color' : 'secondary_bg_color',
          text: 'button_color',
        }),
        // Under the main button, like @wallet's pairs of actions.
        position: 'bottom',
      });
    }
    if (backSupported && backVisible !== actions.back) {
      backVisible = actions.back;
      bridge.post('web_app_setup_back_button', { is_visible: actions.back });
    }
  };

  let shown: ScreenActionsSnapshot | null = null;
  themeListeners.push((palette) => {
    if (shown) show(shown, palette);
  });
  return (actions) => {
    shown = actions;
    show(actions, currentPalette());
  };
}

/** How long the messenger has to hand over a contact the person agreed to share. */
export const CONTACT_ANSWER_MS = 10_000;

/**
 * The contact request (6.9+), as Telegram's own web-app script makes it: `web_app_request_phone`,
 * answered by `phone_requested` (`sent` or `cancelled`); once sent, the signed contact is read
 * with the custom method `getRequestedContact` (`web_app_invoke_custom_method` →
 * `custom_method_invoked` with the same `req_id`), asked again while it is still empty, until
 * {@link CONTACT_ANSWER_MS} have passed.
 */
function connectContactRequest(bridge: TelegramBridge): () => Promise<ContactRequestAnswer> {
  let asking: Promise<ContactRequestAnswer> | null = null;
  let requests = 0;
  const readContact = (): Promise<string> => {
    requests += 1;
    const id = `contact-${Date.now()}-${requests}`;
    return new Promise((resolve) => {
      const stop = bridge.on('custom_method_invoked', (data) => {
        if (field(data, 'req_id') !== id) return;
        stop();
        const result = field(data, 'result');
        resolve(typeof result === 'string' ? result : '');
      });
      bridge.post('web_app_invoke_custom_method', { req_id: id, method: 'getRequestedContact', params: {} });
    });
  };
  const ask = async (): Promise<ContactRequestAnswer> => {
    const status = field(await bridge.request('web_app_request_phone', 'phone_requested'), 'status');
    if (status !== 'sent') return { status: 'cancelled' };
    const deadline = Date.now() + CONTACT_ANSWER_MS;
    for (let wait = 0; Date.now() < deadline; wait += 50) {
      const response = await Promise.race([readContact(), delay(deadline - Date.now()).then(() => '')]);
      if (response !== '') return { status: 'sent', response };
      await delay(wait);
    }
    return { status: 'unavailable' };
  };
  return () => {
    // One prompt at a time: a second press while it is open waits for the same answer.
    asking ??= ask().finally(() => {
      asking = null;
    });
    return asking;
  };
}

/** How long the messenger has to say whether biometrics are available (issue 9): 1 s. */
export const BIOMETRY_ANSWER_MS = 1000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What `biometry_info_received` says, as far as the app needs it. */
interface BiometryInfo {
  readonly available: boolean;
  readonly accessGranted: boolean;
}

function biometryInfoOf(data: unknown): BiometryInfo {
  const available = field(data, 'available') === true;
  return { available, accessGranted: available && field(data, 'access_granted') === true };
}

/** The messenger's biometry (7.2+), asked for its state on first use; every failure reads as "no". */
function connectBiometry(bridge: TelegramBridge): Biometry {
  let info: BiometryInfo = { available: false, accessGranted: false };
  bridge.on('biometry_info_received', (data) => {
    info = biometryInfoOf(data);
  });
  let asked: Promise<BiometryInfo> | null = null;
  const ask = (): Promise<BiometryInfo> => {
    asked ??= bridge.request('web_app_biometry_get_info', 'biometry_info_received').then(biometryInfoOf);
    return asked;
  };
  const statusOf = (answer: unknown) => field(answer, 'status');
  return {
    async isAvailable() {
      // A host that stays silent must not keep a screen waiting, so after BIOMETRY_ANSWER_MS the
      // answer is "not available" (a later call sees the info if it has come since).
      const answered = await Promise.race([ask().then(() => true), delay(BIOMETRY_ANSWER_MS).then(() => false)]);
      return answered && info.available;
    },
    async authenticate(reason) {
      await ask();
      if (!info.available) return null;
      const answer = await bridge.request('web_app_biometry_request_auth', 'biometry_auth_requested', {
        reason: reason.slice(0, 128).trim(),
      });
      const token = field(answer, 'token');
      return statusOf(answer) === 'authorized' && typeof token === 'string' && token !== '' ? token : null;
    },
    async accessGranted() {
      await ask();
      return info.accessGranted;
    },
    async requestAccess() {
      await ask();
      if (!info.available) return false;
      const answer = biometryInfoOf(
        await bridge.request('web_app_biometry_request_access', 'biometry_info_received', { reason: '' }),
      );
      return answer.accessGranted;
    },
    async storeToken(token) {
      await ask();
      const answer = await bridge.request('web_app_biometry_update_token', 'biometry_token_updated', { token });
      return statusOf(answer) === 'updated';
    },
    async removeToken() {
      await ask();
      const answer = await bridge.request('web_app_biometry_update_token', 'biometry_token_updated', { token: '' });
      return statusOf(answer) === 'removed';
    },
    openSettings() {
      bridge.post('web_app_biometry_open_settings');
    },
  };
}
