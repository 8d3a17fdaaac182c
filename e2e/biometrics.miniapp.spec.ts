import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { Address } from '@ton/core';
import { setPasscodeThroughApi } from './support/passcode.ts';
import { eventTypes, miniAppUrl, recordTelegramEvents, telegramEvents } from './support/telegram.ts';
import { checkAccessibility, expect, test } from './support/test.ts';

/**
 * Issue 9, item 3 (spec 001 s.4): biometrics turned on in Security confirm a withdrawal by
 * themselves, 300 ms after the confirmation opens, without the keypad; a messenger that never
 * answers the biometry query keeps no screen waiting for more than a second.
 */

const passcode = '1357';
const node = resolve('node_modules/.bin/node');

function chainDeposit(origin: string, address: string, amount: string): string {
  return execFileSync(node, ['scripts/chain.ts', 'deposit', address, amount], {
    env: { ...process.env, KOPILKA_URL: origin },
    encoding: 'utf8',
  });
}

function someoneElsesTonAddress(): string {
  return new Address(0, randomBytes(32)).toString({ testOnly: true, bounceable: false });
}

async function enterDigits(page: Page, digits: string): Promise<void> {
  const keypad = page.getByRole('group', { name: /keypad/i });
  for (const digit of digits) await keypad.getByRole('button', { name: digit, exact: true }).click();
}

/** The screen's primary action: our own button, or Telegram's MainButton where the screen uses it. */
async function pressPrimary(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  if ((await button.count()) > 0) {
    await button.click();
    return;
  }
  await page.evaluate(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: JSON.stringify({ eventType: 'main_button_pressed' }),
        source: window.parent,
      }),
    );
  });
}

/** A fresh person per test (its own Telegram id), so the tests never share a passcode or money. */
function freshUserId(): number {
  return 700_000_000 + Math.floor(Math.random() * 90_000_000);
}

test('withdraw with biometrics enabled confirms by Face ID, without the keypad', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  const userId = freshUserId();
  const launch = { userId, version: '8.0' };
  await recordTelegramEvents(page, { biometry: { granted: false } });
  const apiCalls: string[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (sent.method() === 'POST' && path.startsWith('/api/v1/security/')) apiCalls.push(path.replace('/api/v1', ''));
  });

  await test.step('sign in in the mini app, set a passcode and fund the wallet', async () => {
    await page.goto(miniAppUrl('/wallet/deposit/TON/TON', launch));
    await expect(page.getByText(/Minimum deposit/)).toBeVisible();
    const depositAddress = (await page.locator('.deposit-address').textContent())?.trim() ?? '';
    expect(chainDeposit(origin, depositAddress, '5')).toMatch(/credited/i);
    await setPasscodeThroughApi(page, origin, passcode);
  });

  await test.step('after a withdrawal confirmed with the passcode, the offer turns biometrics on', async () => {
    await page.goto(miniAppUrl('/wallet/withdraw/TON/TON', launch));
    await page.getByLabel('Address').fill(someoneElsesTonAddress());
    await pressPrimary(page, 'Continue');
    await page.getByLabel('Amount, TON').fill('1');
    await pressPrimary(page, 'Continue');
    await expect(page.getByRole('heading', { name: 'Check the withdrawal' })).toBeVisible();
    await pressPrimary(page, 'Confirm');
    await expect(page.getByRole('group', { name: /keypad/i })).toBeVisible();
    await enterDigits(page, passcode);
    await expect(page.getByRole('dialog', { name: 'Confirm with biometrics?' })).toBeVisible();
    await checkAccessibility(page);
    await page.getByRole('button', { name: 'Use biometrics' }).click();
    await expect(page).toHaveURL(/\/transactions\/withdrawal\/[0-9a-f-]{36}/, { timeout: 10_000 });
    expect(await eventTypes(page)).toEqual(
      expect.arrayContaining(['web_app_biometry_request_access', 'web_app_biometry_update_token']),
    );
    expect(apiCalls).toEqual(expect.arrayContaining(['/security/pass-code/token', '/security/biometric']));
    await page.goto(miniAppUrl('/account/security', launch));
    await expect(page.getByText('Turn biometrics off')).toBeVisible();
  });

  await test.step('the withdrawal is confirmed by Face ID 300 ms after the confirmation opens', async () => {
    apiCalls.length = 0;
    await page.goto(miniAppUrl('/wallet/withdraw/TON/TON', launch));
    await page.getByLabel('Address').fill(someoneElsesTonAddress());
    await pressPrimary(page, 'Continue');
    await page.getByLabel('Amount, TON').fill('1.5');
    await pressPrimary(page, 'Continue');
    await expect(page.getByRole('heading', { name: 'Check the withdrawal' })).toBeVisible();
    await pressPrimary(page, 'Confirm');
    await expect(page).toHaveURL(/\/transactions\/withdrawal\/[0-9a-f-]{36}/, { timeout: 10_000 });
    const auth = (await telegramEvents(page)).filter((event) => event.type === 'web_app_biometry_request_auth');
    expect(auth).toHaveLength(1);
    // The confirmation token came from the biometric token, never from a typed passcode.
    expect(apiCalls).toContain('/security/biometric/token');
    expect(apiCalls).not.toContain('/security/pass-code/token');
  });
});

test('a messenger that never answers the biometry query keeps no screen waiting: set passcode shows within a second or so', async ({
  page,
}) => {
  await recordTelegramEvents(page, { biometry: { answers: false } });
  await page.goto(miniAppUrl('/account/security/passcode/new', { userId: freshUserId() }));
  await expect.poll(() => eventTypes(page)).toContain('web_app_biometry_get_info');
  const asked = Date.now();
  await expect(page.getByRole('heading', { name: 'Create a passcode' })).toBeVisible({ timeout: 3_000 });
  expect(Date.now() - asked).toBeLessThan(2_500);
});
