import type { Page } from '@playwright/test';

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
}

/**
 * A URL that carries the standard launch parameters in its hash, exactly as
 * Telegram opens a mini app. The init data is well-formed but unsigned: the shell
 * tests never sign in with it.
 */
export function miniAppUrl(path: string, launch: MiniAppLaunch = {}): string {
  const user = {
    id: 777000001,
    first_name: 'Anna',
    last_name: 'Test',
    username: 'anna_test',
    language_code: launch.languageCode ?? 'en',
  };
  const initData = new URLSearchParams({
    user: JSON.stringify(user),
    chat_instance: '-1000000000000',
    chat_type: 'private',
    auth_date: String(Math.floor(Date.now() / 1000)),
    signature: 'e2e-unsigned',
    hash: '0'.repeat(64),
  });
  if (launch.startParam) initData.set('start_param', launch.startParam);
  const params = new URLSearchParams({
    tgWebAppData: initData.toString(),
    tgWebAppVersion: launch.version ?? '8.0',
    tgWebAppPlatform: launch.platform ?? 'ios',
    tgWebAppThemeParams: JSON.stringify(telegramThemes[launch.theme ?? 'light']),
  });
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
