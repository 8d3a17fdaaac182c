import type { Page } from '@playwright/test';
import { someoneElsesTonAddress } from './support/chain.ts';
import { lastTelegramEvent, miniAppUrl, recordTelegramEvents, sendTelegramEvent } from './support/telegram.ts';
import { expect, test } from './support/test.ts';

// Issue 9: inside the mini app every screen's primary action is Telegram's MainButton and its way
// back Telegram's BackButton (hidden on home); pressing back goes one step back in the app.

test.beforeEach(async ({ page }) => {
  await recordTelegramEvents(page);
});

interface ScreenButtons {
  readonly path: string;
  /** What the screen shows, so the check waits for the screen and not the one before it. */
  readonly heading: string | RegExp;
  /** The MainButton's text, or null when the screen has no main action (hidden). */
  readonly main: string | null;
  readonly back: boolean;
}

const screens: readonly ScreenButtons[] = [
  { path: '/', heading: 'Wallet', main: null, back: false },
  { path: '/account', heading: 'Account', main: null, back: true },
  { path: '/account/settings', heading: 'Settings', main: null, back: true },
  { path: '/account/settings/local-currency', heading: 'Local currency', main: null, back: true },
  { path: '/account/settings/time-zone', heading: 'Time zone', main: null, back: true },
  { path: '/account/address-book', heading: 'Address book', main: null, back: true },
  { path: '/account/address-book/TON', heading: 'TON', main: 'Add address', back: true },
  { path: '/account/address-book/TON/add', heading: 'Add address', main: 'Save', back: true },
  { path: '/account/security', heading: 'Security', main: null, back: true },
  { path: '/account/security/email', heading: 'Backup e-mail', main: 'Send code', back: true },
  { path: '/account/security/passcode/new', heading: 'Create a passcode', main: null, back: true },
  { path: '/diagnostic', heading: 'Diagnostics', main: 'Check again', back: true },
  { path: '/wallet/deposit', heading: 'Deposit', main: null, back: true },
  { path: '/wallet/deposit/TON/TON', heading: 'Deposit TON', main: 'Copy address', back: true },
  { path: '/wallet/deposit/TON/TON/addresses', heading: 'Addresses', main: 'New address', back: true },
  { path: '/wallet/deposit/TON/TON/new', heading: 'New address', main: 'Create address', back: true },
  { path: '/wallet/TON', heading: 'Toncoin', main: null, back: true },
  { path: '/transactions/deposit/no-such-id', heading: 'Transaction not found', main: 'Go to the wallet', back: true },
  { path: '/passcode/0123456789abcdef', heading: /passcode/i, main: null, back: true },
];

async function mainButton(page: Page): Promise<unknown> {
  return lastTelegramEvent(page, 'web_app_setup_main_button');
}

async function backButtonVisible(page: Page): Promise<boolean> {
  const data = await lastTelegramEvent(page, 'web_app_setup_back_button');
  return typeof data === 'object' && data !== null && Reflect.get(data, 'is_visible') === true;
}

test('every screen posts its MainButton and BackButton to Telegram', async ({ page }) => {
  test.setTimeout(120_000);
  for (const screen of screens) {
    await test.step(screen.path, async () => {
      await page.goto(miniAppUrl(screen.path));
      await expect(page.getByRole('heading', { level: 1, name: screen.heading }).first()).toBeVisible();
      if (screen.main === null) {
        // Hidden: never shown, or last set invisible.
        await expect
          .poll(async () => {
            const data = await mainButton(page);
            return data === undefined ? false : Reflect.get(Object(data), 'is_visible');
          })
          .toBe(false);
      } else {
        await expect
          .poll(() => mainButton(page))
          .toMatchObject({
            text: screen.main,
            is_visible: true,
            is_active: true,
            is_progress_visible: false,
            // The theme's button colours (Telegram's light palette in these tests).
            color: '#3390ec',
            text_color: '#ffffff',
          });
      }
      await expect.poll(() => backButtonVisible(page)).toBe(screen.back);
    });
  }
});

test('the MainButton runs the screen’s action: Add address opens the form', async ({ page }) => {
  await page.goto(miniAppUrl('/account/address-book/TON'));
  await expect.poll(() => mainButton(page)).toMatchObject({ text: 'Add address', is_visible: true });
  await sendTelegramEvent(page, 'main_button_pressed');
  await expect(page).toHaveURL(/\/account\/address-book\/TON\/add(#|$)/);
  await expect.poll(() => mainButton(page)).toMatchObject({ text: 'Save', is_visible: true });
});

test('Telegram’s back button goes one step back, and from a screen opened directly to its parent', async ({ page }) => {
  await page.goto(miniAppUrl('/account'));
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('link', { name: /Time zone/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Time zone' })).toBeVisible();

  await sendTelegramEvent(page, 'back_button_pressed');
  await expect(page).toHaveURL(/\/account\/settings(#|$)/);
  await sendTelegramEvent(page, 'back_button_pressed');
  await expect(page).toHaveURL(/\/account(#|$)/);
  // /account was the first screen of this launch: back goes to its parent, home, where the
  // BackButton hides (Android's back gesture then closes the mini app, as Telegram users expect).
  await sendTelegramEvent(page, 'back_button_pressed');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect.poll(() => backButtonVisible(page)).toBe(false);
});

test('set passcode and /passcode/{id}, which had no way back, go back where the person came from', async ({ page }) => {
  await page.goto(miniAppUrl('/account/security'));
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await page.getByRole('link', { name: 'Set passcode' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a passcode' })).toBeVisible();
  await expect.poll(() => backButtonVisible(page)).toBe(true);
  await sendTelegramEvent(page, 'back_button_pressed');
  await expect(page).toHaveURL(/\/account\/security(#|$)/);

  await page.goto(miniAppUrl('/passcode/0123456789abcdef'));
  await expect.poll(() => backButtonVisible(page)).toBe(true);
  await sendTelegramEvent(page, 'back_button_pressed');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
});

for (const [index, version] of ['7.10', '7.9'].entries()) {
  test(`a saved address's second action (Edit) ${version === '7.10' ? 'is Telegram’s SecondaryButton' : 'stays in the page'} in ${version}`, async ({
    page,
  }, testInfo) => {
    // A person of their own per project and version: the address is saved once per person.
    const userId = 777_009_000 + (testInfo.project.name === 'phone' ? 0 : 10) + index;
    await page.goto(miniAppUrl('/account/address-book/TON/add', { version, userId }));
    await page.getByLabel('Address').fill(someoneElsesTonAddress());
    await page.getByLabel('Title').fill('cold-wallet');
    await expect.poll(() => mainButton(page)).toMatchObject({ text: 'Save', is_visible: true });
    await sendTelegramEvent(page, 'main_button_pressed');
    await page.getByRole('link', { name: /cold-wallet/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'cold-wallet' })).toBeVisible();
    await expect.poll(() => mainButton(page)).toMatchObject({ text: 'Copy address', is_visible: true });
    if (version === '7.10') {
      await expect
        .poll(() => lastTelegramEvent(page, 'web_app_setup_secondary_button'))
        .toMatchObject({ text: 'Edit', is_visible: true, is_active: true, position: 'bottom' });
      await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await sendTelegramEvent(page, 'secondary_button_pressed');
    } else {
      expect(await lastTelegramEvent(page, 'web_app_setup_secondary_button')).toBeUndefined();
      await page.getByRole('button', { name: 'Edit' }).click();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Edit address' })).toBeVisible();
  });
}
