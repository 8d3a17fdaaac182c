import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { signInThroughStandIn } from './support/standIn.ts';
import { miniAppUrl, recordTelegramEvents } from './support/telegram.ts';
import { checkAccessibility, expect, test } from './support/test.ts';

// The main screens at 320 px, as the web wallet and as the mini app, light and dark, English and
// Russian: each passes axe (no serious or critical violations), nothing scrolls sideways, and a
// picture of each is saved for a person to look at (git-ignored e2e/artifacts/screenshots/look/).

const screens = [
  { name: 'home', path: '/' },
  { name: 'deposit', path: '/wallet/deposit' },
  { name: 'deposit-address', path: '/wallet/deposit/TON/TON' },
  { name: 'withdraw', path: '/wallet/withdraw' },
  { name: 'withdraw-address', path: '/wallet/withdraw/TON/TON' },
  { name: 'asset', path: '/wallet/TON' },
  { name: 'account', path: '/account' },
  { name: 'security', path: '/account/security' },
  { name: 'settings', path: '/account/settings' },
  { name: 'local-currency', path: '/account/settings/local-currency' },
  { name: 'address-book', path: '/account/address-book' },
  { name: 'verification', path: '/account/verification' },
  { name: 'verification-level', path: '/account/verification/p2c-client' },
  { name: 'personal-data', path: '/account/verification/personal-data' },
  { name: 'documents', path: '/account/verification/documents' },
  { name: 'compliance', path: '/compliance' },
  { name: 'compliance-policy', path: '/compliance-policy' },
] as const;

/**
 * The P2P market's main screens (issue 12), for a person with nothing on the market yet. Each
 * surface sees them in both themes and both languages, but not every pairing (mini app: light
 * English and dark Russian; web: dark English and light Russian): half the combinations keep the
 * added time, and the mini app's sign-ins per minute, small.
 */
const marketScreens = [
  { name: 'p2p', path: '/p2p' },
  { name: 'p2p-buy', path: '/p2p/buy' },
  { name: 'p2p-new-offer', path: '/p2p/offers/new' },
  { name: 'p2p-methods', path: '/p2p/methods' },
  { name: 'p2p-method-catalogue', path: '/p2p/methods/add/RUB' },
  { name: 'p2p-profile', path: '/p2p/profile' },
  // Issue 13's screens that open without an order: the (empty) orders list, quiet hours, the
  // username change and the verified-merchant status.
  { name: 'p2p-orders', path: '/p2p/orders' },
  { name: 'p2p-quiet-hours', path: '/p2p/quiet-hours' },
  { name: 'p2p-username', path: '/p2p/profile/name' },
  { name: 'verified-merchant', path: '/account/verified-merchant' },
] as const;

/**
 * P2C's screens (issue 14) that open for a person who has paid no code and is no merchant: the
 * area's home, the promo, the field for a code's link, the payments list (empty) and the profile.
 * The screens with a payment are looked at by the P2C journeys' pictures; these join the
 * market's pairings.
 */
const p2cScreens = [
  { name: 'p2c', path: '/p2c' },
  { name: 'p2c-promo', path: '/p2c/promo' },
  { name: 'qr-pay-paste', path: '/qr-pay?step=paste' },
  { name: 'p2c-payments', path: '/p2c/payments' },
  { name: 'p2c-profile', path: '/p2c/profile' },
] as const;

function screensOf(surface: 'web' | 'miniapp', theme: 'light' | 'dark', language: 'en' | 'ru') {
  const lightEnglishOrDarkRussian = (theme === 'light') === (language === 'en');
  const withMarket = surface === 'miniapp' ? lightEnglishOrDarkRussian : !lightEnglishOrDarkRussian;
  return withMarket ? [...screens, ...marketScreens, ...p2cScreens] : screens;
}

const folder = 'e2e/artifacts/screenshots/look';

/** `npm run chain -- deposit <address> <amount>`: test-network money arrives at the address. */
function chainDeposit(origin: string, address: string, amount: string): void {
  execFileSync(resolve('node_modules/.bin/node'), ['scripts/chain.ts', 'deposit', address, amount], {
    env: { ...process.env, KOPILKA_URL: origin },
  });
}

/** Waits for the screen to settle: its heading shown and no request in flight. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
  await page.waitForLoadState('networkidle');
}

async function visitEach(
  page: Page,
  label: string,
  visited: readonly { name: string; path: string }[],
  open: (path: string) => Promise<void>,
): Promise<void> {
  mkdirSync(folder, { recursive: true });
  for (const screen of visited) {
    await test.step(screen.name, async () => {
      await open(screen.path);
      await settled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${screen.name} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${folder}/${label}-${screen.name}.png`, fullPage: true });
      await checkAccessibility(page);
    });
  }
}

for (const theme of ['light', 'dark'] as const) {
  for (const language of ['en', 'ru'] as const) {
    test.describe(`at 320 px in ${theme} theme and ${language}`, () => {
      test.use({ viewport: { width: 320, height: 640 }, colorScheme: theme });
      // One project is enough: the screens are checked at 320 px whatever the project's viewport.
      test.beforeEach(() => test.skip(test.info().project.name !== 'phone', 'runs in the phone project only'));

      test('the web wallet screens pass axe and fit', async ({ page, baseURL }) => {
        // 32 screens with the market and P2C, about 3–5 s each on a busy machine.
        test.setTimeout(210_000);
        await signInThroughStandIn(page, { firstName: `Look${theme}${language}`, language });
        // Signed in once home shows its total.
        await expect(page.locator('.home-total')).toBeVisible();
        // Money to show: a long TON amount, valued in a currency whose sign needs the shipped
        // font (lari in Russian, dram in English), so long amounts and the signs are seen at 320 px.
        const json = { 'x-requested-with': 'XMLHttpRequest' };
        const currency = language === 'ru' ? 'GEL' : 'AMD';
        const settings = await page.request.put('/api/v1/user/settings', {
          data: { local_currency: currency },
          headers: json,
        });
        expect(settings.status()).toBe(200);
        await page.goto('/wallet/deposit/TON/TON');
        const address = (await page.locator('.deposit-address').textContent())?.trim() ?? '';
        chainDeposit(baseURL ?? '', address, '12345.678901');
        await visitEach(page, `web-${theme}-${language}`, screensOf('web', theme, language), async (path) => {
          await page.goto(path);
        });
        // The lari or dram sign on home and in the currency list came from the shipped font.
        const signsFont = await page.evaluate(() =>
          [...document.fonts].some(
            (face) => face.family.includes('Kopilka Currency Signs') && face.status === 'loaded',
          ),
        );
        expect(signsFont).toBe(true);
      });

      test('the mini app screens pass axe and fit', async ({ page }) => {
        // 32 screens with the market and P2C, about 3–5 s each on a busy machine.
        test.setTimeout(210_000);
        await recordTelegramEvents(page);
        const userId = 777000400 + (theme === 'dark' ? 10 : 0) + (language === 'ru' ? 1 : 0);
        await visitEach(page, `miniapp-${theme}-${language}`, screensOf('miniapp', theme, language), async (path) => {
          await page.goto(miniAppUrl(path, { theme, languageCode: language, userId }));
        });
      });
    });
  }
}
