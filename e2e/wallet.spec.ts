import type { Page } from '@playwright/test';
import { chainDeposit, someoneElsesTonAddress } from './support/chain.ts';
import { setPasscodeThroughApi } from './support/passcode.ts';
import { signInThroughStandIn } from './support/standIn.ts';
import { expect, test } from './support/test.ts';

// One journey per project: a new person funds the wallet through the test-network chain
// command, then withdraws with passcode confirmation and follows the withdrawal to the end.
const passcode = '2468';

/** A picture for a person to look at (git-ignored e2e/artifacts/); asserts nothing. */
async function capture(page: Page, project: string, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/artifacts/screenshots/${project}-wallet-${name}.png`, fullPage: true });
}

async function enterDigits(page: Page, digits: string): Promise<void> {
  const keypad = page.getByRole('group', { name: /keypad/i });
  for (const digit of digits) await keypad.getByRole('button', { name: digit, exact: true }).click();
}

test('a new person deposits through the chain, sees it within 5 s, and withdraws with the passcode to completion', async ({
  page,
  baseURL,
}, testInfo) => {
  const project = testInfo.project.name;
  test.setTimeout(120_000);
  const origin = baseURL ?? '';

  await test.step('sign in and set a passcode', async () => {
    await signInThroughStandIn(page, { firstName: 'Vera' });
    await expect(page.getByText('Total balance')).toBeVisible();
    await setPasscodeThroughApi(page, origin, passcode);
  });

  let depositAddress = '';
  await test.step('the deposit page shows a TON address with its minimum', async () => {
    await page.getByRole('navigation', { name: 'Wallet actions' }).getByRole('link', { name: 'Deposit' }).click();
    await page.getByRole('button', { name: /Toncoin/ }).click();
    await expect(page).toHaveURL(/\/wallet\/deposit\/TON\/TON$/);
    await expect(page.getByText(/Minimum deposit/)).toBeVisible();
    depositAddress = (await page.locator('.deposit-address').textContent())?.trim() ?? '';
    expect(depositAddress).toMatch(/^0Q/);
    await capture(page, project, 'deposit-address');
  });

  await test.step('a chain deposit shows up in the balance and the history within 5 s', async () => {
    await page.goto('/');
    await expect(page.getByText('Total balance')).toBeVisible();
    const printed = chainDeposit(origin, depositAddress, '25');
    expect(printed).toMatch(/credited/i);
    const ton = page.locator('a, button', { hasText: 'Toncoin' });
    await expect(ton).toContainText('25 TON', { timeout: 6_000 });
    await expect(page.getByRole('link', { name: /Deposit.*\+25 TON/ })).toBeVisible({ timeout: 6_000 });
    await capture(page, project, 'home-after-deposit');
  });

  await test.step('an invalid address is refused with the right message', async () => {
    await page.goto('/wallet/withdraw/TON/TON');
    await page.getByLabel('Address').fill('definitely-not-a-ton-address');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Invalid address')).toBeVisible();
    await capture(page, project, 'invalid-address');
  });

  await test.step('amounts below the minimum or above the balance less the fee are refused', async () => {
    await page.getByLabel('Address').fill(someoneElsesTonAddress());
    await page.getByRole('button', { name: 'Continue' }).click();
    const amount = page.getByLabel('Amount, TON');
    await amount.fill('0.0001');
    await expect(page.getByText('Minimum amount is 0.0005 TON')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await amount.fill('25');
    await expect(page.getByText('Not enough funds: you can send up to 24.9 TON after the 0.1 TON fee')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await capture(page, project, 'amount-above-balance');
  });

  await test.step('the maximum is sent after the passcode, and the status page follows it to completed', async () => {
    await page.getByRole('button', { name: 'Max' }).click();
    await expect(page.getByLabel('Amount, TON')).toHaveValue('24.9');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Check the withdrawal' })).toBeVisible();
    await capture(page, project, 'review');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('group', { name: /keypad/i })).toBeVisible();
    await capture(page, project, 'passcode');
    await enterDigits(page, passcode);
    await expect(page).toHaveURL(/\/transactions\/withdrawal\/[0-9a-f-]{36}$/, { timeout: 10_000 });
    await expect(page.getByText('Completed')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('The withdrawal is complete: the money has arrived at the address.')).toBeVisible();
    await capture(page, project, 'withdrawal-completed');
  });

  await test.step('the balance is empty and the history shows the withdrawal', async () => {
    await page.goto('/');
    await expect(page.locator('a, button', { hasText: 'Toncoin' })).toContainText('0 TON');
    await expect(page.getByRole('link', { name: /Withdrawal.*−24\.9 TON/ })).toBeVisible();
    await capture(page, project, 'home-after-withdrawal');
  });
});
