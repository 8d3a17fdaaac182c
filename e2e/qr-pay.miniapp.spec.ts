import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { MarketUser } from './support/marketUser.ts';
import { setPasscodeThroughApi } from './support/passcode.ts';
import { pressMainAction } from './support/screenActions.ts';
import { miniAppUrl, recordTelegramEvents, sendTelegramEvent, telegramThemes } from './support/telegram.ts';
import { checkAccessibility, expect, test } from './support/test.ts';

// Issue 14: a client pays a shop's QR code in the mini app against the real server. The local
// stand-in shop issues a 1,500 RUB code; the client opens it by its deep link (`qr-pay-{id}`, as a
// scan of it would), sees the shop, the roubles and the quote, pays with the passcode, and
// follows the payment: nobody takes it, its pending timer falls due (the local control
// `POST /local/p2c/payments/{id}/timer-due`), and the page shows it canceled, the crypto back.

test.use({ actionTimeout: 10_000 });
test.beforeEach(() => test.skip(test.info().project.name !== 'phone', 'runs in the phone project only'));

type Language = 'en' | 'ru';
const passcode = '2580';

const text = {
  en: {
    confirm: 'Confirm the payment',
    waiting: 'Waiting for a merchant',
    canceled: 'Canceled',
    backOnBalance: 'Nobody paid the shop in time. The crypto is back on your balance.',
    done: 'Done',
    fiat: '1 500.00 ₽',
    paidType: 'QR payment',
    refundType: 'QR payment refund',
  },
  ru: {
    confirm: 'Подтвердите платёж',
    waiting: 'Ждёт мерчанта',
    canceled: 'Отменён',
    backOnBalance: 'Никто не оплатил магазину вовремя. Криптовалюта вернулась на баланс.',
    done: 'Готово',
    fiat: '1 500.00 ₽',
    paidType: 'Оплата по QR',
    refundType: 'Возврат оплаты по QR',
  },
} as const;

/** Every kind of space as any space (amounts keep their no-break spaces). */
function spaced(value: string): RegExp {
  return new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(' ', '\\s'));
}

/** The shop issues a code for `roubles`: its id and payee, read off the shop's page. */
async function issueCode(browser: Browser, origin: string, roubles: string) {
  const context = await browser.newContext();
  const shop = await context.newPage();
  await shop.goto(`${origin}/local/shop`);
  await shop.getByLabel('Amount, RUB').fill(roubles);
  await shop.getByRole('button', { name: 'Issue a QR code' }).click();
  const link = await shop.locator('#link').inputValue();
  const id = /^https:\/\/qr\.nspk\.ru\/([A-Za-z0-9]+)\?/.exec(link)?.[1];
  if (id === undefined) throw new Error(`Not an NSPK link: ${link}`);
  const hint = (await shop.locator('p.hint', { hasText: id }).first().textContent()) ?? '';
  const [payee = ''] = hint.split(' · ');
  await context.close();
  return { id, link, payee };
}

async function pictures(page: Page, name: string, language: Language): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  mkdirSync('/tmp/shots-a1p', { recursive: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  for (const theme of ['light', 'dark'] as const) {
    await sendTelegramEvent(page, 'theme_changed', { theme_params: telegramThemes[theme] });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/shots-a1p/${name}-${language}-${theme}.png`, fullPage: true });
  }
  await sendTelegramEvent(page, 'theme_changed', { theme_params: telegramThemes.light });
  if (size !== null) await page.setViewportSize(size);
}

for (const language of ['en', 'ru'] as const) {
  test(`a client pays a shop’s code by its deep link and gets the crypto back when nobody takes it (${language})`, async ({
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const origin = baseURL ?? '';
    const words = text[language];
    const client = await MarketUser.signIn(playwright.request, origin, language);
    await client.verifyPassport(browser);
    await client.receiveUsdt('100');
    const code = await issueCode(browser, origin, '1500');

    const context = await browser.newContext();
    const page = await context.newPage();
    await recordTelegramEvents(page);
    await page.goto(miniAppUrl('/', { userId: client.telegramId, languageCode: language }));
    await expect(page.getByRole('main')).toBeVisible();
    await setPasscodeThroughApi(page, origin, passcode);

    let total = '';
    await test.step('the deep link opens the shop’s code with its quote', async () => {
      await page.goto('about:blank');
      await page.goto(
        miniAppUrl('/', { userId: client.telegramId, languageCode: language, startParam: `qr-pay-${code.id}` }),
      );
      await expect(page.getByRole('heading', { level: 1, name: code.payee })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(spaced(words.fiat));
      await expect(page).toHaveURL(new RegExp(`/qr-pay\\?id=${code.id}`));
      const totalCell = page.locator('.ui-cell', { hasText: language === 'en' ? 'Total' : 'Итого' });
      total = (await totalCell.locator('.ui-cell-value').textContent()) ?? '';
      expect(total).toMatch(/^\d+(\.\d+)?\sUSDT$/);
      await checkAccessibility(page);
      await pictures(page, 'quote', language);
    });

    await test.step('paying with the passcode holds the total and shows the payment waiting', async () => {
      await pressMainAction(page, 'miniApp', `${language === 'en' ? 'Pay' : 'Оплатить'} ${total}`);
      await expect(page.getByRole('heading', { level: 1, name: words.confirm })).toBeVisible();
      await expect(page).toHaveURL(/step=confirm/);
      const keypad = page.getByRole('group', { name: /keypad|клавиатура/i });
      for (const digit of passcode) await keypad.getByRole('button', { name: digit, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: words.waiting })).toBeVisible({ timeout: 15_000 });
      // The router writes a string of digits JSON-quoted (docs/flow-urls.md): `?payment=%2212%22`.
      await expect(page).toHaveURL(/\/qr-pay\?payment=%22\d+%22$/);
      await checkAccessibility(page);
      await pictures(page, 'payment-pending', language);
    });

    const paymentId = Number(JSON.parse(new URL(page.url()).searchParams.get('payment') ?? '0'));
    await test.step('nobody takes it in time: canceled, and the page says the crypto is back', async () => {
      const due = await page.request.post(`${origin}/local/p2c/payments/${paymentId}/timer-due`);
      expect(due.status(), await due.text()).toBe(200);
      // The pending payment is polled every 9 s.
      await expect(page.getByRole('status').filter({ hasText: words.canceled })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(words.backOnBalance)).toBeVisible();
      await pictures(page, 'payment-canceled', language);
    });

    await test.step('the payments list has it, canceled', async () => {
      await page.goto('about:blank');
      await page.goto(miniAppUrl('/p2c/payments', { userId: client.telegramId, languageCode: language }));
      await expect(page.getByRole('link', { name: new RegExp(code.payee) })).toContainText(words.canceled);
      await checkAccessibility(page);
      await pictures(page, 'payments', language);
    });

    await test.step('the history has the payment and its refund, each with its page', async () => {
      await page.goto('about:blank');
      await page.goto(miniAppUrl('/', { userId: client.telegramId, languageCode: language }));
      const refund = page.getByRole('link', { name: new RegExp(`^${words.refundType}`) });
      await expect(refund).toBeVisible();
      await expect(
        page.getByRole('link', { name: new RegExp(`^${words.paidType}(?! refund| \\()`) }).first(),
      ).toBeVisible();
      await refund.click();
      await expect(page).toHaveURL(/\/transactions\/qr-pay\//);
      await expect(page.getByRole('heading', { level: 1, name: words.refundType })).toBeVisible();
      await checkAccessibility(page);
      await pictures(page, 'transaction', language);
    });

    await context.close();
    await client.dispose();
  });
}
