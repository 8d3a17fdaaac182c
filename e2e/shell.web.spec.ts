import { expect, test } from './support/test.ts';

test.describe('the web wallet shell', () => {
  test('a signed-out visitor sees the sign-in prompt and a header with the logo and a sign-in link', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in with Telegram' })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header).toBeVisible();
    await expect(header.getByRole('link', { name: 'Kopilka' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test.describe('in a browser that prefers Russian', () => {
    test.use({ locale: 'ru-RU' });

    test('the sign-in prompt reads in Russian', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Войти через Telegram' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    });
  });

  test('an unknown path shows the not-found page with a way back to the wallet', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('button', { name: 'Go to the wallet' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign in with Telegram' })).toBeVisible();
  });

  test('a failed session check shows one toast that goes away by itself', async ({ page }) => {
    await page.route('**/api/v1/user/settings', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'internal_error', message: 'Internal error' }),
      }),
    );
    await page.goto('/');
    const toast = page.getByRole('status').filter({ hasText: 'Couldn’t reach Kopilka' });
    await expect(toast).toHaveCount(1);
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 6_000 });
  });

  test.describe('on a device in dark mode', () => {
    test.use({ colorScheme: 'dark' });

    test('the wallet uses the dark palette', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Sign in with Telegram' })).toBeVisible();
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [red = 255, green = 255, blue = 255] = (background.match(/\d+/g) ?? []).map(Number);
      expect(red + green + blue).toBeLessThan(200);
    });
  });

  test('the health check reports the embedded database and its migrations', async ({ request }) => {
    const response = await request.get('/api/v1/health');
    expect(response.status()).toBe(200);
    const health = await response.json();
    expect(health.database).toBe('pglite');
    expect(health.migrations.pending).toBe(0);
  });

  test('an unknown API path answers a JSON error, never the app', async ({ request }) => {
    const response = await request.get('/api/v1/no-such-call');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });
});
