/** What the server needs to know about its Telegram bot. */
export interface TelegramSettings {
  /** Signs and checks Telegram data; never logged. */
  readonly botToken: string;
  /** The part of the token before the colon. */
  readonly botId: number;
  readonly botUsername: string;
  /** Local mode: the stand-in for Telegram's login page is served. */
  readonly localMode: boolean;
  /** Init data and Login Widget data older than this are refused. */
  readonly initDataMaxAgeSeconds: number;
}

/** Telegram's OAuth page, where the web wallet sends a person to sign in outside local mode. */
export const telegramLoginUrl = 'https://oauth.telegram.org/auth';

/** The local stand-in for that page, served only in local mode. */
export const localLoginPath = '/local/telegram-login';
