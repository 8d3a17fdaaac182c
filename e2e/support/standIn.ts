import { expect, type Page } from '@playwright/test';

/** Goes through the server's local stand-in for Telegram's login page as a new test user. */
export async function signInThroughStandIn(
  page: Page,
  user: { firstName: string; returnForm?: 'hash' | 'query'; lock?: boolean; ban?: string; language?: 'en' | 'ru' },
  origin = '',
): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByRole('button', { name: 'Sign in with Telegram' }).click();
  await expect(page).toHaveURL(/\/local\/telegram-login\?/);
  if (user.returnForm === 'query') await page.getByLabel('Query parameters (?id=…&hash=…)').check();
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Username').fill(`${user.firstName.toLowerCase()}_${Date.now() % 100000}`);
  if (user.language) await page.getByLabel('Language').selectOption(user.language);
  if (user.lock) await page.getByLabel('Compliance lock (money locked)').check();
  if (user.ban !== undefined) {
    await page.getByLabel('Ban', { exact: true }).check();
    await page.getByLabel('Ban reason').fill(user.ban);
  }
  await page.getByRole('button', { name: 'Create and log in' }).click();
}
