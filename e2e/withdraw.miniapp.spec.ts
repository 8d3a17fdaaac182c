import type { Page } from '@playwright/test';
import { chainDeposit, someoneElsesTonAddress } from './support/chain.ts';
import { setPasscodeThroughApi } from './support/passcode.ts';
import { miniAppUrl, recordTelegramEvents, telegramEvents } from './support/telegram.ts';
import { expect, test } from './support/test.ts';

// Inside the mini app each withdraw step's main action is Telegram's MainButton and its way back
// Telegram's BackButton (Android's back gesture presses it): one step back, what was typed kept.

const passcode = '8642';

/** What Telegram was last told about a button (`web_app_setup_main_button` / `…_back_button`). */
async function lastSetup(page: Page, type: string): Promise<Record<string, unknown>> {
  const events = (await telegramEvents(page)).filter((event) => event.type === type);
  const data = events.at(-1)?.data;
  return typeof data === 'object' && data !== null ? { ...data } : {};
}

/** Telegram tells the mini app a button was pressed. */
async function press(page: Page, eventType: 'main_button_pressed' | 'back_button_pressed'): Promise<void> {
  await page.evaluate((type) => {
    window.dispatchEvent(
      new MessageEvent('message', { data: JSON.stringify({ eventType: type }), source: window.parent }),
    );
  }, eventType);
}

async function expectMainButton(page: Page, text: string, active: boolean): Promise<void> {
  await expect
    .poll(async () => {
      const setup = await lastSetup(page, 'web_app_setup_main_button');
      return { visible: setup.is_visible, text: setup.text, active: setup.is_active };
    })
    .toEqual({ visible: true, text, active });
}

async function expectBackButton(page: Page, visible: boolean): Promise<void> {
  await expect.poll(async () => (await lastSetup(page, 'web_app_setup_back_button')).is_visible).toBe(visible);
}

test('each withdraw step drives Telegram’s MainButton and BackButton, and the back gesture goes one step back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const launch = { userId: 710_000_000 + Math.floor(Math.random() * 80_000_000), version: '8.0' };
  await recordTelegramEvents(page);

  await test.step('a funded person with a passcode', async () => {
    await page.goto(miniAppUrl('/wallet/deposit/TON/TON', launch));
    await expect(page.getByText(/Minimum deposit/)).toBeVisible();
    const depositAddress = (await page.locator('.deposit-address').textContent())?.trim() ?? '';
    expect(chainDeposit(baseURL ?? '', depositAddress, '5')).toMatch(/credited/i);
    await setPasscodeThroughApi(page, baseURL ?? '', passcode);
  });

  await test.step('the address: "Continue" off until there is an address, back shown', async () => {
    await page.goto(miniAppUrl('/wallet/withdraw/TON/TON', launch));
    await expect(page.getByLabel('Address')).toBeVisible();
    await expectMainButton(page, 'Continue', false);
    await expectBackButton(page, true);
    // Our own buttons are not drawn as well: Telegram's are the ones.
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toHaveCount(0);
    await page.getByLabel('Address').fill(someoneElsesTonAddress());
    await expectMainButton(page, 'Continue', true);
    await press(page, 'main_button_pressed');
  });

  await test.step('the amount, then the review with "Confirm"', async () => {
    await expect(page.getByLabel('Amount, TON')).toBeVisible();
    await expectMainButton(page, 'Continue', false);
    await page.getByLabel('Amount, TON').fill('1,5');
    await expectMainButton(page, 'Continue', true);
    await press(page, 'main_button_pressed');
    await expect(page.getByRole('heading', { name: 'Check the withdrawal' })).toBeVisible();
    await expectMainButton(page, 'Confirm', true);
    await expectBackButton(page, true);
  });

  await test.step('Android’s back goes one step back, to the amount as typed', async () => {
    await press(page, 'back_button_pressed');
    await expect(page.getByLabel('Amount, TON')).toHaveValue('1,5');
    await expect(page).toHaveURL(/[?&]step=amount/);
    await press(page, 'main_button_pressed');
    await expect(page.getByRole('heading', { name: 'Check the withdrawal' })).toBeVisible();
  });

  await test.step('pictures at 320 px for a person to look at (asserts nothing)', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.screenshot({ path: 'e2e/artifacts/screenshots/withdraw/miniapp-review-en-light.png' });
    await press(page, 'back_button_pressed');
    await page.getByLabel('Amount, TON').fill('1e3');
    await page.screenshot({ path: 'e2e/artifacts/screenshots/withdraw/miniapp-amount-error-en-light.png' });
    await page.getByLabel('Amount, TON').fill('1,5');
    await press(page, 'main_button_pressed');
    await expect(page.getByRole('heading', { name: 'Check the withdrawal' })).toBeVisible();
  });

  await test.step('the passcode hides the MainButton (the keypad is the action) and keeps back', async () => {
    await press(page, 'main_button_pressed');
    await expect(page.getByRole('group', { name: /keypad/i })).toBeVisible();
    await expect.poll(async () => (await lastSetup(page, 'web_app_setup_main_button')).is_visible).toBe(false);
    await expectBackButton(page, true);
    await press(page, 'back_button_pressed');
    await expect(page.getByRole('heading', { name: 'Check the withdrawal' })).toBeVisible();
  });
});
