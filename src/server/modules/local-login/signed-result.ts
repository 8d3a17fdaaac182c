import { randomBytes } from 'node:crypto';
import { signInitData } from '../../integrations/telegram/init-data';
import { signLoginWidget } from '../../integrations/telegram/login-widget';
import type { LocalUser } from './service';

export type ReturnForm = 'hash' | 'query';

/** Telegram's light palette, as its clients send it in the launch parameters. */
const lightTheme = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#707579',
  link_color: '#3390ec',
  button_color: '#3390ec',
  button_text_color: '#ffffff',
  secondary_bg_color: '#f4f4f5',
};

function unixSeconds(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}

/** The Login Widget fields of a user, signed exactly as Telegram signs them. */
export function signedLoginData(user: LocalUser, botToken: string, now: Date): Record<string, string | number> {
  const fields: Record<string, string | number> = { id: user.id, first_name: user.firstName };
  if (user.lastName !== null) fields.last_name = user.lastName;
  if (user.username !== null) fields.username = user.username;
  if (user.photoUrl !== null) fields.photo_url = user.photoUrl;
  fields.auth_date = unixSeconds(now);
  return signLoginWidget(fields, botToken);
}

/**
 * Where the login page sends the person back: `return_to?id=…&hash=…` (the Login Widget's
 * data-auth-url form) or `return_to#tgAuthResult=<base64url of the JSON>` (the OAuth form).
 */
export function returnUrl(returnTo: URL, signed: Readonly<Record<string, string | number>>, form: ReturnForm): string {
  const url = new URL(returnTo);
  if (form === 'query') {
    for (const [key, value] of Object.entries(signed)) url.searchParams.set(key, String(value));
  } else {
    url.hash = `tgAuthResult=${Buffer.from(JSON.stringify(signed), 'utf8').toString('base64url')}`;
  }
  return url.toString();
}

/** A mini-app launch of the app for this user: `/#tgWebAppData=<signed init data>&…`. */
export function miniAppLaunchPath(user: LocalUser, botToken: string, now: Date): string {
  const telegramUser: Record<string, string | number | boolean> = { id: user.id, first_name: user.firstName };
  if (user.lastName !== null) telegramUser.last_name = user.lastName;
  if (user.username !== null) telegramUser.username = user.username;
  telegramUser.language_code = user.language;
  telegramUser.allows_write_to_pm = true;
  if (user.photoUrl !== null) telegramUser.photo_url = user.photoUrl;
  const initData = signInitData(
    {
      query_id: `AA${randomBytes(16).toString('base64url')}`,
      user: JSON.stringify(telegramUser),
      auth_date: String(unixSeconds(now)),
    },
    botToken,
  );
  const launch = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'web',
    tgWebAppThemeParams: JSON.stringify(lightTheme),
  });
  return `/#${launch.toString()}`;
}
