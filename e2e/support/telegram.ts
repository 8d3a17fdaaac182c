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
 * Stands in for the messenger's webview bridge (the same object Telegram's
 * mobile clients inject) and records every event the app posts to it.
 */
export async function recordTelegramEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const events: { type: string; data: unknown }[] = [];
    Object.assign(window, {
      __telegramEvents: events,
      TelegramWebviewProxy: {
        postEvent(type: string, data?: string) {
          events.push({ type, data: data ? JSON.parse(data) : undefined });
        },
      },
    });
  });
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
