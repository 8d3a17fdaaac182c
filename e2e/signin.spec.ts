import type { Page } from '@playwright/test';
import { signedInitData } from './support/auth.ts';
import { signInThroughStandIn } from './support/standIn.ts';
import { lastTelegramEvent, miniAppUrl, recordTelegramEvents } from './support/telegram.ts';
import { expect, test } from './support/test.ts';

async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
}

test.describe('signing in on the web', () => {
  test('through the login page with the hash result, surviving a reload, until logging out', async ({ page }) => {
    await signInThroughStandIn(page, { firstName: 'Hanna' });
    await expectSignedIn(page);
    expect(page.url()).not.toContain('tgAuthResult');

    await page.reload();
    await expectSignedIn(page);

    await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Hanna/ })).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in with Telegram' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in with Telegram' })).toBeVisible();
    const settings = await page.request.get('/api/v1/user/settings');
    expect(settings.status()).toBe(401);
  });

  test('through the login page with query parameters', async ({ page }) => {
    await signInThroughStandIn(page, { firstName: 'Quentin', returnForm: 'query' });
    await expectSignedIn(page);
    expect(new URL(page.url()).search).toBe('');
  });

  test('a blocked user sees the blocked screen with the reason on guarded routes', async ({ page }) => {
    await signInThroughStandIn(page, { firstName: 'Boris', ban: 'Fraud investigation' });
    await expectSignedIn(page);
    for (const path of ['/wallet/deposit', '/swap', '/p2p/offers/15', '/trade/BTC-USDT']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Your account is blocked' })).toBeVisible();
      await expect(page.getByText('Fraud investigation')).toBeVisible();
    }
    await page.goto('/account/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('a user whose money is locked is told so on guarded routes', async ({ page }) => {
    await signInThroughStandIn(page, { firstName: 'Lena', lock: true });
    await expectSignedIn(page);
    await page.goto('/wallet/deposit');
    await expect(page.getByRole('heading', { level: 1, name: 'Your money is locked' })).toBeVisible();
  });

  test('switching the language to Russian changes the interface and persists', async ({ page }) => {
    await signInThroughStandIn(page, { firstName: 'Ivan' });
    await expectSignedIn(page);
    await page.goto('/account/settings');
    // The choice is checked once the server has saved it, so click and wait for the result.
    await page.getByRole('radio', { name: 'Русский' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Настройки' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Настройки' })).toBeVisible();
    const settings = await page.request.get('/api/v1/user/settings', { headers: { 'x-requested-with': 'e2e' } });
    expect((await settings.json()).language).toBe('ru');
  });
});

test.describe('signing in inside the mini app', () => {
  test.beforeEach(async ({ page }) => {
    await recordTelegramEvents(page);
  });

  test('signs in from signed launch parameters', async ({ page }) => {
    await page.goto(miniAppUrl('/', { userId: 777000101 }));
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test('never signs in with tampered init data, and shows the auth error page at the fifth failure', async ({
    page,
  }) => {
    const tampered = signedInitData({ id: 777000102, first_name: 'Mallory' }).replace('Mallory', 'Alice');
    await page.goto(miniAppUrl('/', { initData: tampered }));
    for (let attempt = 1; attempt < 5; attempt += 1) {
      await page.getByRole('button', { name: 'Sign in with Telegram' }).click();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Couldn’t sign you in' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toHaveCount(0);
    // "Reload" is Telegram's MainButton, not a button in the page.
    await expect
      .poll(() => lastTelegramEvent(page, 'web_app_setup_main_button'))
      .toMatchObject({ is_visible: true, text: 'Reload' });
    await expect(page.getByRole('button', { name: 'Reload' })).toHaveCount(0);
  });

  test('never signs in with stale init data', async ({ page }) => {
    const stale = signedInitData(
      { id: 777000103, first_name: 'Old' },
      { authDate: Math.floor(Date.now() / 1000) - 3 * 24 * 3600 },
    );
    await page.goto(miniAppUrl('/', { initData: stale }));
    await expect(page.getByRole('button', { name: 'Sign in with Telegram' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toHaveCount(0);
  });

  test('opens the screen of its start parameter and registers referral and tracking once', async ({ page }) => {
    const registrations: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'POST' && (path.endsWith('/referrals/become') || path.endsWith('/tracking'))) {
        registrations.push(path.replace('/api/v1', ''));
      }
    });
    const url = miniAppUrl('/', { userId: 777000104, startParam: 'r-friend42_i-autumn_help-fees' });
    await page.goto(url);
    await expect(page).toHaveURL(/\/help\/fees/);
    await expect.poll(() => [...registrations].sort()).toEqual(['/referrals/become', '/tracking']);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.waitForTimeout(500);
    expect(registrations).toHaveLength(2);
  });
});
