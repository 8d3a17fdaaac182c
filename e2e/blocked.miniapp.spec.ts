import type { Route } from '@playwright/test';
import { lastTelegramEvent, miniAppUrl, recordTelegramEvents, sendTelegramEvent } from './support/telegram.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 9, item 8: a blocked person learns it on home first, and "Contact support" leads
 * somewhere real: the help page (spec 000 s.2 `/help`). The lock is what the server would answer
 * with `compliance.lock` set; the e2e server has no way to lock an account, so the settings answers
 * are amended on their way to the page.
 */
async function answerLocked(route: Route): Promise<void> {
  const response = await route.fetch();
  const body = await response.json();
  await route.fulfill({ response, json: { ...body, compliance: { ...body.compliance, lock: true } } });
}

test('a locked person sees the lock on home, and Contact support opens the help page', async ({ page }) => {
  await recordTelegramEvents(page);
  await page.route('**/api/v1/user/settings', answerLocked);
  await page.route('**/api/v1/authentication/webapp', answerLocked);
  await page.goto(miniAppUrl('/', { userId: 790_123_456 }));
  const banner = page.getByRole('region', { name: 'Your money is locked' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Deposits and withdrawals are paused until support lifts the lock.');
  await banner.getByRole('link', { name: 'Contact support' }).click();
  await expect(page).toHaveURL(/\/help(#|$|\?)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
});

test('on a guarded screen the lock puts its actions on Telegram’s buttons, and SecondaryButton opens help', async ({
  page,
}) => {
  await recordTelegramEvents(page);
  await page.route('**/api/v1/user/settings', answerLocked);
  await page.route('**/api/v1/authentication/webapp', answerLocked);
  await page.goto(miniAppUrl('/swap', { userId: 790_123_457 }));
  await expect(page.getByRole('heading', { level: 1, name: 'Your money is locked' })).toBeVisible();
  await expect
    .poll(() => lastTelegramEvent(page, 'web_app_setup_main_button'))
    .toMatchObject({ is_visible: true, text: 'Go to the wallet' });
  await expect
    .poll(() => lastTelegramEvent(page, 'web_app_setup_secondary_button'))
    .toMatchObject({ is_visible: true, text: 'Contact support' });
  // Not in the page as well.
  await expect(page.getByRole('button', { name: 'Go to the wallet' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to the wallet' })).toHaveCount(0);
  await sendTelegramEvent(page, 'secondary_button_pressed');
  await expect(page).toHaveURL(/\/help(#|$|\?)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
});
