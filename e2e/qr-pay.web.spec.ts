import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { signInThroughStandIn } from './support/standIn.ts';
import { checkAccessibility, expect, test } from './support/test.ts';

// Issue 14 on the web, against the real server: there is no scanner, so home's Pay opens a field
// for a shop's payment link. A link whose checksum is wrong is refused there; the shop's own link
// opens its quote; a person not verified for P2C is asked to verify when they tap Pay, before any
// passcode. The promo page is public.

test.use({ actionTimeout: 10_000 });
test.beforeEach(() => test.skip(test.info().project.name !== 'phone', 'runs in the phone project only'));

async function pictures(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  mkdirSync('/tmp/shots-a1p', { recursive: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots-a1p/web-${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size !== null) await page.setViewportSize(size);
}

test('on the web a shop’s link is pasted, its quote shows, and paying asks an unverified person to verify', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const shopContext = await browser.newContext();
  const shop = await shopContext.newPage();
  await shop.goto(`${origin}/local/shop`);
  await shop.getByLabel('Amount, RUB').fill('1500');
  await shop.getByRole('button', { name: 'Issue a QR code' }).click();
  const link = await shop.locator('#link').inputValue();
  const id = /^https:\/\/qr\.nspk\.ru\/([A-Za-z0-9]+)\?/.exec(link)?.[1] ?? '';
  const payee = ((await shop.locator('p.hint', { hasText: id }).first().textContent()) ?? '').split(' · ')[0] ?? '';
  await shopContext.close();

  await signInThroughStandIn(page, { firstName: 'Pavel' });
  await expect(page.getByText('Total balance')).toBeVisible();

  await test.step('home’s Pay opens the field for a payment link', async () => {
    await page.getByRole('link', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/qr-pay\?step=paste/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay by QR code' })).toBeVisible();
    await checkAccessibility(page);
    await pictures(page, 'paste');
  });

  await test.step('a link with a wrong checksum is refused there', async () => {
    await page.getByLabel('Payment link').fill(link.replace('sum=150000', 'sum=150001'));
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('The link is damaged or incomplete. Copy it again.')).toBeVisible();
    await expect(page).toHaveURL(/\/qr-pay\?step=paste/);
  });

  await test.step('the shop’s link opens its quote', async () => {
    await page.getByLabel('Payment link').fill(link);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/qr-pay\\?id=${id}`));
    await expect(page.getByRole('heading', { level: 1, name: payee })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(/1\s500\.00\s₽/);
    await page.getByRole('button', { name: 'TON', exact: true }).click();
    await expect(page).toHaveURL(/asset=TON/);
    await expect(page.getByRole('button', { name: /^Pay \d+(\.\d+)?\sTON$/ })).toBeEnabled();
    await checkAccessibility(page);
    await pictures(page, 'quote-ton');
  });

  await test.step('Pay asks to verify first, and Verify opens the p2c-client verification', async () => {
    await page.getByRole('button', { name: /^Pay \d+(\.\d+)?\sTON$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify to pay by QR code' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Keypad' })).toHaveCount(0);
    await checkAccessibility(page);
    await pictures(page, 'verify');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL(/\/account\/verification\/p2c-client/);
  });
});

test('the promo page explains P2C without signing in', async ({ page, baseURL }) => {
  await page.goto(`${baseURL ?? ''}/p2c/promo`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay shops with crypto' })).toBeVisible();
  await expect(page.getByText('From 100 to 100,000 roubles per code')).toBeVisible();
  await checkAccessibility(page);
  await pictures(page, 'promo');
});
