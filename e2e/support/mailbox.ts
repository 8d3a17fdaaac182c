import type { Page } from '@playwright/test';

/** The newest message of the local mailbox (local mode) that mentions `needle`, as HTML. */
export async function newestMail(
  page: Page,
  origin: string,
  needle: string,
  channel: 'email' | 'telegram',
): Promise<string> {
  const html = await (await page.request.get(`${origin}/local/mailbox`)).text();
  const article = html
    .split('<article ')
    .slice(1)
    .find((part) => part.includes(`data-channel="${channel}"`) && part.includes(needle));
  if (article === undefined) throw new Error(`No ${channel} message mentioning ${needle} in the mailbox`);
  return article;
}

/** The 6-digit code of the newest e-mail to `email`. */
export async function emailCode(page: Page, origin: string, email: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec(await newestMail(page, origin, email, 'email'))?.[1];
  if (code === undefined) throw new Error('No code in the e-mail');
  return code;
}

/** The confirmation link of the newest bot message to the user. */
export async function botLink(page: Page, origin: string, userId: number): Promise<string> {
  const message = await newestMail(page, origin, `data-user-id="${userId}"`, 'telegram');
  const link = /href="([^"]+)"/.exec(message)?.[1]?.replaceAll('&amp;', '&');
  if (link === undefined) throw new Error('The bot message has no link');
  return link;
}

/** The "this wasn't me" link in the newest e-mail to `email` (the notice of a changed backup e-mail). */
export async function reportLinkInMail(page: Page, origin: string, email: string): Promise<string> {
  const mail = await newestMail(page, origin, email, 'email');
  const link = /(https?:\/\/[^\s<"]+\/report\/takeover\?token=[\w-]+)/.exec(mail)?.[1];
  if (link === undefined) throw new Error('The e-mail has no report link');
  return link;
}
