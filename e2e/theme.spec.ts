import type { Page } from '@playwright/test';
import { signInThroughStandIn } from './support/standIn.ts';
import { miniAppUrl } from './support/telegram.ts';
import { expect, test } from './support/test.ts';

// Spec 000 s.3–s.4: the theme preference (device, light or dark) is stored locally and read back;
// inside the messenger the messenger's colour scheme wins, whatever is stored.

async function themeOnScreen(page: Page) {
  return page.evaluate(() => ({
    dataTheme: document.documentElement.dataset.theme,
    stored: localStorage.getItem('kopilka.theme'),
  }));
}

test.describe('the web wallet’s theme', () => {
  test.use({ colorScheme: 'light' });

  test('the chosen theme is stored and read back after a reload', async ({ page }) => {
    await signInThroughStandIn(page, { firstName: 'Theo' });
    await expect(page.getByText('Total balance')).toBeVisible();
    await page.goto('/account/settings');
    const group = page.getByRole('radiogroup', { name: 'Theme' });
    await expect(group.getByRole('radio', { name: 'Same as device' })).toHaveAttribute('aria-checked', 'true');
    expect(await themeOnScreen(page)).toEqual({ dataTheme: 'light', stored: null });

    await group.getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await themeOnScreen(page)).toEqual({ dataTheme: 'dark', stored: 'dark' });

    await page.reload();
    await expect(group.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    expect(await themeOnScreen(page)).toEqual({ dataTheme: 'dark', stored: 'dark' });
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [red = 255, green = 255, blue = 255] = (background.match(/\d+/g) ?? []).map(Number);
    expect(red + green + blue, `a dark background, not ${background}`).toBeLessThan(200);

    await group.getByRole('radio', { name: 'Light' }).click();
    await page.reload();
    await expect(group.getByRole('radio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
    expect(await themeOnScreen(page)).toEqual({ dataTheme: 'light', stored: 'light' });

    await group.getByRole('radio', { name: 'Same as device' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(group.getByRole('radio', { name: 'Same as device' })).toHaveAttribute('aria-checked', 'true');
    expect(await themeOnScreen(page)).toEqual({ dataTheme: 'dark', stored: 'device' });
  });
});

test.describe('the mini app’s theme', () => {
  test('follows the messenger after a reload, whatever the web wallet stored', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('kopilka.theme', 'dark'));
    await page.goto(miniAppUrl('/account/settings', { theme: 'light', userId: 777000551 }));
    await expect(page.getByRole('radiogroup', { name: 'Language' })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Theme' })).toHaveCount(0);
    expect(await themeOnScreen(page)).toEqual({ dataTheme: 'light', stored: 'dark' });
    await page.reload();
    await expect(page.getByRole('radiogroup', { name: 'Language' })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Theme' })).toHaveCount(0);
    expect(await themeOnScreen(page)).toEqual({ dataTheme: 'light', stored: 'dark' });
  });
});
