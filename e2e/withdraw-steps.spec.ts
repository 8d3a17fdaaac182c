import type { Page } from '@playwright/test';
import { chainDeposit, someoneElsesTonAddress } from './support/chain.ts';
import { setPasscodeThroughApi } from './support/passcode.ts';
import { signInThroughStandIn } from './support/standIn.ts';
import { expect, test } from './support/test.ts';

// Each withdraw step has its own URL (docs/flow-urls.md): the browser's back goes one step back
// with what was typed kept, and a reload lands on the same step (never holding the passcode).

const passcode = '1357';

/** A new person with a passcode and 5 TON from the test-network chain, on the withdraw page. */
async function fundedPerson(page: Page, origin: string, firstName: string, language?: 'ru') {
  await signInThroughStandIn(page, { firstName, ...(language ? { language } : {}) });
  await expect(page.getByRole('navigation', { name: /Wallet actions|Действия/ })).toBeVisible();
  await setPasscodeThroughApi(page, origin, passcode);
  await page.goto('/wallet/deposit/TON/TON');
  const depositAddress = (await page.locator('.deposit-address').textContent())?.trim() ?? '';
  expect(chainDeposit(origin, depositAddress, '5')).toMatch(/credited/i);
  await page.goto('/');
  await expect(page.locator('a, button', { hasText: 'Toncoin' })).toContainText('5 TON', { timeout: 6_000 });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/artifacts/screenshots/withdraw/${name}.png` });
}

test('browser back from the review returns to the amount with it kept; a reload on the review keeps address and amount', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const address = someoneElsesTonAddress();
  await fundedPerson(page, baseURL ?? '', 'Olga');

  await test.step('address and amount, on to the review', async () => {
    await page.goto('/wallet/withdraw/TON/TON');
    await expect(page.getByRole('note')).toHaveText('Test network This sends test TON: they have no real value.');
    await page.getByLabel('Address').fill(address);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/[?&]step=amount/);
    await page.getByLabel('Amount, TON').fill('1,5');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Check the withdrawal' })).toBeVisible();
    await expect(page.getByText('Total1.6 TON')).toBeVisible();
    await expect(page).toHaveURL(/[?&]step=review/);
  });

  await test.step('the browser’s back returns to the amount with the amount kept', async () => {
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Amount' })).toBeVisible();
    await expect(page.getByLabel('Amount, TON')).toHaveValue('1,5');
    await expect(page).toHaveURL(/[?&]step=amount/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Check the withdrawal' })).toBeVisible();
  });

  await test.step('a reload on the review keeps the address and the amount', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Check the withdrawal' })).toBeVisible();
    await expect(page.getByText('Amount1.5 TON')).toBeVisible();
    await expect(page.getByText('Total1.6 TON')).toBeVisible();
    await expect(page.getByText(address)).toBeVisible();
  });

  await test.step('a reload on the passcode comes back to the review: the passcode is never kept', async () => {
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('group', { name: /keypad/i })).toBeVisible();
    await expect(page).toHaveURL(/[?&]step=confirm/);
    await page
      .getByRole('group', { name: /keypad/i })
      .getByRole('button', { name: '1', exact: true })
      .click();
    expect([...new URL(page.url()).searchParams.keys()].sort()).toEqual(['address', 'amount', 'step']);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Check the withdrawal' })).toBeVisible();
    await expect(page.getByRole('group', { name: /keypad/i })).toHaveCount(0);
  });

  await test.step('back twice returns to the address, as typed', async () => {
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Amount' })).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel('Address')).toHaveValue(address);
  });
});

test('a person whose money is locked is told so before any address or passcode', async ({ page }) => {
  await signInThroughStandIn(page, { firstName: 'Lev', lock: true });
  await page.goto('/wallet/withdraw/TON/TON');
  await expect(page.getByRole('heading', { name: 'Your money is locked' })).toBeVisible();
  await expect(
    page.getByText('Withdrawals aren’t available while your money is locked.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByLabel('Address')).toHaveCount(0);
});

test('the withdraw and deposit screens at 320 px, in English and Russian, light and dark', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'pictures once, at phone size');
  test.setTimeout(120_000);
  for (const language of ['en', 'ru'] as const) {
    await page.context().clearCookies();
    await page.setViewportSize({ width: 390, height: 844 });
    await fundedPerson(page, baseURL ?? '', language === 'en' ? 'Anna' : 'Boris', language === 'ru' ? 'ru' : undefined);
    await page.setViewportSize({ width: 320, height: 640 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/wallet/deposit/TON/TON');
      await expect(page.locator('.deposit-address')).toBeVisible();
      await shot(page, `deposit-${language}-${scheme}`);
      await page.goto('/wallet/withdraw/TON/TON');
      await expect(page.getByRole('note')).toHaveText(
        language === 'en'
          ? 'Test network This sends test TON: they have no real value.'
          : 'Тестовая сеть Отправляются тестовые TON: настоящей ценности у них нет.',
      );
      await shot(page, `withdraw-address-${language}-${scheme}`);
      await page.getByRole('textbox').first().fill(someoneElsesTonAddress());
      await page.locator('button[type=submit][form^=withdraw-]').click();
      await expect(page).toHaveURL(/[?&]step=amount/);
      await page.getByRole('textbox').first().fill('1,000.5');
      await expect(page.getByRole('alert')).toBeVisible();
      await shot(page, `withdraw-amount-error-${language}-${scheme}`);
      await page.getByRole('textbox').first().fill('1,5');
      await page.locator('button[type=submit][form^=withdraw-]').click();
      await expect(page).toHaveURL(/[?&]step=review/);
      await shot(page, `withdraw-review-${language}-${scheme}`);
    }
  }
});
