import { eventTypes, miniAppUrl, recordTelegramEvents, telegramEvents } from './support/telegram.ts';
import { expect, test } from './support/test.ts';

test.beforeEach(async ({ page }) => {
  await recordTelegramEvents(page);
});

function failSignIn(page: import('@playwright/test').Page) {
  return page.route('**/api/v1/authentication/webapp', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'internal_error', message: 'Internal error' }),
    }),
  );
}

test.describe('the mini app shell', () => {
  test('shows no header, tells the messenger it is ready and expands to full height', async ({ page }) => {
    await page.goto(miniAppUrl('/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect.poll(() => eventTypes(page)).toContain('web_app_ready');
    await expect.poll(() => eventTypes(page)).toContain('web_app_expand');
  });

  for (const path of ['/invoices/IV1234567890', '/help/fees', '/add-home/wallet']) {
    test(`does not expand on ${path}`, async ({ page }) => {
      await page.goto(miniAppUrl(path));
      await expect.poll(() => eventTypes(page)).toContain('web_app_ready');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      expect(await eventTypes(page)).not.toContain('web_app_expand');
    });
  }

  test('disables vertical swipe-to-close on a phone', async ({ page }) => {
    await page.goto(miniAppUrl('/', { platform: 'android' }));
    await expect
      .poll(
        async () => (await telegramEvents(page)).find((event) => event.type === 'web_app_setup_swipe_behavior')?.data,
      )
      .toEqual({ allow_vertical_swipe: false });
  });

  test('leaves swipe behaviour alone on desktop', async ({ page }) => {
    await page.goto(miniAppUrl('/', { platform: 'tdesktop' }));
    await expect.poll(() => eventTypes(page)).toContain('web_app_ready');
    expect(await eventTypes(page)).not.toContain('web_app_setup_swipe_behavior');
  });

  test('the messenger’s settings button opens the account page', async ({ page }) => {
    await page.goto(miniAppUrl('/', { version: '7.0' }));
    await expect
      .poll(
        async () => (await telegramEvents(page)).find((event) => event.type === 'web_app_setup_settings_button')?.data,
      )
      .toEqual({ is_visible: true });
    await page.evaluate(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ eventType: 'settings_button_pressed' }),
          source: window.parent,
        }),
      );
    });
    await expect(page).toHaveURL(/\/account(#|$)/);
  });

  test('an error shows as the messenger’s alert instead of a toast', async ({ page }) => {
    await failSignIn(page);
    await page.goto(miniAppUrl('/', { version: '8.0' }));
    await expect.poll(() => eventTypes(page)).toContain('web_app_open_popup');
    await expect(page.getByRole('status').filter({ hasText: 'Couldn’t sign you in yet' })).toHaveCount(0);
  });

  test('a messenger older than 6.2 gets a toast, having no alert', async ({ page }) => {
    await failSignIn(page);
    await page.goto(miniAppUrl('/', { version: '6.0' }));
    await expect(page.getByRole('status').filter({ hasText: 'Couldn’t sign you in yet' })).toBeVisible();
    expect(await eventTypes(page)).not.toContain('web_app_open_popup');
  });

  test('speaks Russian to a user whose messenger is in Russian', async ({ page }) => {
    await page.goto(miniAppUrl('/', { languageCode: 'ru', userId: 777000201 }));
    await expect(page.getByRole('heading', { level: 1, name: 'Кошелёк' })).toBeVisible();
  });

  test('takes its colours from the messenger’s theme', async ({ page }) => {
    await page.goto(miniAppUrl('/', { theme: 'dark' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // Pages sit on the secondary background, with sections on section_bg, as Telegram pairs them.
    expect(background).toBe('rgb(24, 24, 24)');
  });
});
