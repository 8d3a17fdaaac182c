import { issueShopCode, payAtLocalBank } from './support/localShop';
import { expect, test } from './support/test';

test.describe('the local shop and bank stand-ins', () => {
  test('the shop issues a code, copies its link, and shows it paid without a reload once the bank pays it', async ({
    page: shop,
    browser,
  }) => {
    await shop.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const code = await issueShopCode(shop, '1500');
    expect(code.link).toMatch(
      /^https:\/\/qr\.nspk\.ru\/AD[0-9A-Z]{30}\?type=02&bank=100000000111&sum=150000&cur=RUB&crc=[0-9A-F]{4}$/,
    );
    await expect(shop.getByRole('img', { name: 'Payment QR code' })).toBeVisible();
    await expect(shop.locator('#status')).toHaveText('Not paid yet');

    await shop.getByRole('button', { name: 'Copy' }).click();
    await expect(shop.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await shop.evaluate(() => navigator.clipboard.readText())).toBe(code.link);

    const bankContext = await browser.newContext();
    const receipt = await payAtLocalBank(await bankContext.newPage(), code.link);
    expect(receipt.name).toBe(`receipt-${code.id}.pdf`);
    expect(receipt.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(receipt.bytes.toString('latin1')).toContain('(Amount: 1500.00 RUB)');

    // The shop's page refreshes its states every 2 s by itself.
    await expect(shop.locator('#status')).toHaveText(/^Paid · \d{4}-\d\d-\d\d \d\d:\d\d UTC$/, { timeout: 5000 });
    await expect(shop.locator('#codes li', { hasText: code.id })).toContainText('Paid');

    await bankContext.close();
  });
});

test.describe('the local bank in Russian', () => {
  test.use({ locale: 'ru-RU' });

  test('refuses to pay a code twice, and says so in Russian', async ({ page }) => {
    await page.goto('/local/shop');
    await page.getByLabel('Сумма, ₽').fill('250');
    await page.getByRole('button', { name: 'Выпустить QR-код' }).click();
    const link = await page.locator('#link').inputValue();

    await page.goto('/local/bank');
    await page.getByLabel('Платёжная ссылка').fill(link);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await expect(page.getByRole('heading', { name: 'Платёж выполнен' })).toBeVisible();

    await page.getByLabel('Платёжная ссылка').fill(link);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await expect(page.getByRole('alert')).toHaveText('Этот код уже оплачен.');
  });
});
