import type { Page } from '@playwright/test';
import { signedInitData, type TelegramUser } from './auth.ts';

/** Telegram's own default palettes, as its clients send them in theme parameters. */
export const telegramThemes = {
  light: {
    bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#707579',
    link_color: '#3390ec',
    button_color: '#3390ec',
    button_text_color: '#ffffff',
    secondary_bg_color: '#f4f4f5',
    header_bg_color: '#ffffff',
    accent_text_color: '#3390ec',
    section_bg_color: '#ffffff',
    section_header_text_color: '#3390ec',
    subtitle_text_color: '#707579',
    destructive_text_color: '#e53935',
  },
  dark: {
    bg_color: '#212121',
    text_color: '#ffffff',
    hint_color: '#aaaaaa',
    link_color: '#8774e1',
    button_color: '#8774e1',
    button_text_color: '#ffffff',
    secondary_bg_color: '#181818',
    header_bg_color: '#212121',
    accent_text_color: '#8774e1',
    section_bg_color: '#212121',
    section_header_text_color: '#8774e1',
    subtitle_text_color: '#aaaaaa',
    destructive_text_color: '#ff595a',
  },
} as const;

export interface MiniAppLaunch {
  version?: string;
  platform?: string;
  theme?: keyof typeof telegramThemes;
  languageCode?: string;
  startParam?: string;
  userId?: number;
  /** Raw init data to launch with instead of correctly signed data. */
  initData?: string;
}

/**
 * A URL that carries the standard launch parameters in its hash, exactly as Telegram opens a
 * mini app. The init data is signed with the end-to-end server's bot token unless the test
 * passes its own (tampered, stale or foreign) init data.
 */
export function miniAppUrl(path: string, launch: MiniAppLaunch = {}): string {
  const user: TelegramUser = {
    id: launch.userId ?? 777000001,
    first_name: 'Anna',
    last_name: 'Test',
    username: 'anna_test',
    language_code: launch.languageCode ?? 'en',
  };
  const params = new URLSearchParams({
    tgWebAppData: launch.initData ?? signedInitData(user, { startParam: launch.startParam }),
    tgWebAppVersion: launch.version ?? '8.0',
    tgWebAppPlatform: launch.platform ?? 'ios',
    tgWebAppThemeParams: JSON.stringify(telegramThemes[launch.theme ?? 'light']),
  });
  if (launch.startParam) params.set('tgWebAppStartParam', launch.startParam);
  return `${path}#${params.toString()}`;
}

export interface TelegramEvent {
  type: string;
  data: unknown;
}

/**
 * How the stand-in messenger answers biometry (Bot API 7.2): `answers` false keeps it silent on
 * the biometry query (a host that never replies); `granted` whether the person already let the
 * mini app use biometrics (a request for access grants it); `authorize` false makes the face or
 * fingerprint check fail. The stored token lives in localStorage, as Telegram keeps it in the
 * device's secure storage across launches.
 */
export interface BiometryStandIn {
  answers?: boolean;
  granted?: boolean;
  authorize?: boolean;
}

/**
 * How the stand-in messenger answers the contact request (Bot API 6.9): `response` is the signed
 * answer it hands over (`signedContact` in auth.ts) once the person agrees; `cancel` closes the
 * prompt without sharing.
 */
export type ContactStandIn = { response: string } | { cancel: true };

/**
 * Stands in for the messenger's webview bridge (the same object Telegram's
 * mobile clients inject) and records every event the app posts to it. With `biometry` it also
 * answers the biometry methods as a device with Face ID would; with `contact` it answers the
 * contact request as Telegram does: `phone_requested`, then the signed contact through the custom
 * method `getRequestedContact`.
 */
export async function recordTelegramEvents(
  page: Page,
  options: { biometry?: BiometryStandIn; contact?: ContactStandIn } = {},
): Promise<void> {
  const standIns = { biometry: options.biometry ?? null, contact: options.contact ?? null };
  await page.addInitScript(
    ({ biometry, contact }: { biometry: BiometryStandIn | null; contact: ContactStandIn | null }) => {
      const events: { type: string; data: unknown }[] = [];
      const tokenKey = '__e2eBiometryToken';
      const grantedKey = '__e2eBiometryGranted';
      const answer = (eventType: string, eventData: unknown) => {
        setTimeout(() => {
          window.dispatchEvent(
            new MessageEvent('message', { data: JSON.stringify({ eventType, eventData }), source: window.parent }),
          );
        }, 10);
      };
      const granted = () => localStorage.getItem(grantedKey) === 'yes' || biometry?.granted === true;
      const token = () => localStorage.getItem(tokenKey) ?? '';
      const info = () => ({
        available: true,
        type: 'face',
        access_requested: granted(),
        access_granted: granted(),
        token_saved: token() !== '',
        device_id: 'e2e-face-id',
      });
      const answerBiometry = (type: string, data: Record<string, unknown>) => {
        if (biometry === null) return;
        if (type === 'web_app_biometry_get_info') {
          if (biometry.answers !== false) answer('biometry_info_received', info());
        } else if (type === 'web_app_biometry_request_access') {
          localStorage.setItem(grantedKey, 'yes');
          answer('biometry_info_received', info());
        } else if (type === 'web_app_biometry_update_token') {
          const value = typeof data.token === 'string' ? data.token : '';
          if (value === '') localStorage.removeItem(tokenKey);
          else localStorage.setItem(tokenKey, value);
          answer('biometry_token_updated', { status: value === '' ? 'removed' : 'updated' });
        } else if (type === 'web_app_biometry_request_auth') {
          const ok = biometry.authorize !== false && granted() && token() !== '';
          answer('biometry_auth_requested', ok ? { status: 'authorized', token: token() } : { status: 'failed' });
        }
      };
      const answerContact = (type: string, data: Record<string, unknown>) => {
        if (contact === null) return;
        if (type === 'web_app_request_phone') {
          answer('phone_requested', { status: 'cancel' in contact ? 'cancelled' : 'sent' });
        } else if (type === 'web_app_invoke_custom_method' && data.method === 'getRequestedContact') {
          answer('custom_method_invoked', {
            req_id: data.req_id,
            result: 'response' in contact ? contact.response : '',
          });
        }
      };
      Object.assign(window, {
        __telegramEvents: events,
        TelegramWebviewProxy: {
          postEvent(type: string, data?: string) {
            const parsed = data ? JSON.parse(data) : undefined;
            events.push({ type, data: parsed });
            const fields = typeof parsed === 'object' && parsed !== null ? parsed : {};
            answerBiometry(type, fields);
            answerContact(type, fields);
          },
        },
      });
    },
    standIns,
  );
}

export async function telegramEvents(page: Page): Promise<TelegramEvent[]> {
  return page.evaluate(() => {
    const recorded: unknown = Reflect.get(window, '__telegramEvents');
    return Array.isArray(recorded) ? recorded : [];
  });
}

export async function eventTypes(page: Page): Promise<string[]> {
  return (await telegramEvents(page)).map((event) => event.type);
}

/** Telegram tells the app something, as its clients do: a button pressed, the theme changed… */
export async function sendTelegramEvent(page: Page, eventType: string, eventData?: unknown): Promise<void> {
  await page.evaluate(
    ({ type, data }) => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ eventType: type, eventData: data }),
          source: window.parent,
        }),
      );
    },
    { type: eventType, data: eventData },
  );
}

/** The data of the last event of `type` the app posted, or undefined when it posted none. */
export async function lastTelegramEvent(page: Page, type: string): Promise<unknown> {
  return (await telegramEvents(page)).filter((event) => event.type === type).at(-1)?.data;
}
