import type { APIRequest, Browser, Page } from '@playwright/test';
import * as z from 'zod/mini';
import { acquireFeesAccount, releaseFeesAccount } from './support/feesAccountLock.ts';
import { issueShopCode, payAtLocalBank, type ShopCode } from './support/localShop.ts';
import { MarketUser } from './support/marketUser.ts';
import { browserOf, type JourneyLanguage, openMiniApp, picturesInto } from './support/miniAppJourney.ts';
import { becomeP2cMerchant } from './support/p2cMerchant.ts';
import { setPasscodeThroughApi } from './support/passcode.ts';
import { pressMainAction } from './support/screenActions.ts';
import { eventTypes, sendTelegramEvent } from './support/telegram.ts';
import { checkAccessibility, expect, test } from './support/test.ts';

// Issue 14, "What it must show": three people in three browsers against the real server, the
// shop (the local stand-in shop and, for the merchant, the stand-in bank), a client and a
// merchant in the mini app. The shop issues a 1,500 RUB code; the client scans it, sees the
// quote and pays with the passcode; the merchant, watching /p2c/orders, sees the payment arrive
// without a reload, takes it, pays the code at the bank, uploads the bank's receipt, chooses the
// account and marks it paid; the shop shows it paid and the client sees it completed within a
// second (the processing payment is polled every 500 ms). Then the client disputes it and
// support refunds it on the stand-in page. A second journey: nobody takes a payment, it leaves
// the merchant's live list when its pending timer falls due, and the client has the crypto back
// (the client's screens of that case are e2e/qr-pay.miniapp.spec.ts).
//
// The figures are worked out by hand (docs/p2c.md "The quote"): the stored reference price of
// USDT is 81 RUB, less the merchants' 2 % margin 79.38 RUB. 1,500 RUB ÷ 79.38 =
// 18.89644746787603930461…, rounded up to the millionth the screens show for USDT: the merchant's
// amount 18.896448; the fee, 1 % of it (0.18896448) rounded up the same way, 0.188965; the client's
// total 19.085413 USDT, exactly what the screens show and what is held.

test.use({ actionTimeout: 10_000 });
test.describe.configure({ mode: 'default' });
test.beforeEach(() => test.skip(test.info().project.name !== 'phone', 'runs in the phone project only'));
// The USDT fees account is one for the whole server: journeys that check it take turns with it.
test.beforeEach(() => acquireFeesAccount(test.info()));
test.afterEach(releaseFeesAccount);

type Language = JourneyLanguage;
const passcode = '2580';

const usdt = 10n ** 18n;
const amount = 18_896_448_000_000_000_000n;
const fee = 188_965_000_000_000_000n;
const total = 19_085_413_000_000_000_000n;
const clientStart = 100n * usdt;

const text = {
  en: {
    scan: 'Scan',
    walletActions: 'Wallet actions',
    total: 'Total',
    pay: 'Pay',
    confirm: 'Confirm the payment',
    waiting: 'Waiting for a merchant',
    beingPaid: 'Being paid',
    paid: 'Paid',
    disputed: 'Disputed',
    refunded: 'Refunded',
    canceled: 'Canceled',
    refundedSentence: 'Support returned the crypto to your balance.',
    supportRefunded: 'Support refunded the payment',
    openDispute: 'Open a dispute',
    shopNotPaid: 'The shop didn’t get the money',
    whatHappened: 'What happened',
    disputeMessage: 'The cashier says nothing arrived and asked me to pay again.',
    send: 'Send',
    paymentsToTake: 'Payments to take',
    noPayments: 'No payments waiting. New ones appear here as clients pay.',
    takeQuestion: 'Take this payment?',
    take: 'Take',
    payFiat: 'Pay 1 500.00 ₽',
    openInBank: 'Open in the bank app',
    uploadReceipt: 'Upload the receipt',
    chooseFile: 'Choose a file',
    upload: 'Upload',
    receiptUploaded: 'Receipt uploaded',
    paidFrom: 'Paid from',
    bank: 'Sberbank',
    markPaid: 'Mark paid',
    didYouPay: 'Did you pay 1 500.00 ₽?',
    yesPaid: 'Yes, I paid',
    completed: 'Completed.',
    merchantRefunded: 'Support refunded the client: the crypto of this payment was returned to them.',
    fiat: '1 500.00 ₽',
    reward: '18.896448 USDT',
  },
  ru: {
    scan: 'Сканировать',
    walletActions: 'Действия с кошельком',
    total: 'Итого',
    pay: 'Оплатить',
    confirm: 'Подтвердите платёж',
    waiting: 'Ждёт мерчанта',
    beingPaid: 'Оплачивается',
    paid: 'Оплачен',
    disputed: 'Оспорен',
    refunded: 'Возвращён',
    canceled: 'Отменён',
    refundedSentence: 'Поддержка вернула криптовалюту на ваш баланс.',
    supportRefunded: 'Поддержка вернула деньги за платёж',
    openDispute: 'Открыть спор',
    shopNotPaid: 'Магазин не получил деньги',
    whatHappened: 'Что произошло',
    disputeMessage: 'Кассир говорит, что деньги не пришли, и просит оплатить ещё раз.',
    send: 'Отправить',
    paymentsToTake: 'Платежи к исполнению',
    noPayments: 'Сейчас платежей нет. Новые появятся здесь, как только клиенты заплатят.',
    takeQuestion: 'Взять этот платёж?',
    take: 'Взять',
    payFiat: 'Оплатите 1 500.00 ₽',
    openInBank: 'Открыть в приложении банка',
    uploadReceipt: 'Загрузите чек',
    chooseFile: 'Выбрать файл',
    upload: 'Загрузить',
    receiptUploaded: 'Чек загружен',
    paidFrom: 'Оплачено со счёта',
    bank: 'Сбербанк',
    markPaid: 'Отметить оплаченным',
    didYouPay: 'Вы оплатили 1 500.00 ₽?',
    yesPaid: 'Да, я оплатил',
    completed: 'Завершён.',
    merchantRefunded: 'Поддержка вернула клиенту криптовалюту этого платежа.',
    fiat: '1 500.00 ₽',
    reward: '18.896448 USDT',
  },
} as const;

type Words = (typeof text)[Language];

/** Every kind of space as any space (amounts keep their no-break spaces). */
function spaced(value: string): RegExp {
  return new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(' ', '\\s'));
}

const pictures = picturesInto('/tmp/shots-e14');

const balanceView = z.object({
  balances: z.array(z.object({ asset: z.string(), available: z.string(), held: z.string() })),
});

/** The person's USDT in smallest units, available and on hold, through the API. */
async function usdtOf(person: MarketUser): Promise<{ available: bigint; held: bigint }> {
  const { balances } = await person.get('/wallet/balance', balanceView);
  const entry = balances.find((balance) => balance.asset === 'USDT');
  return { available: BigInt(entry?.available ?? '0'), held: BigInt(entry?.held ?? '0') };
}

/** The fees account's USDT (the local control of docs/p2p.md, one fees account for P2P and P2C). */
async function feesBalance(page: Page, origin: string): Promise<bigint> {
  const answer = await page.request.get(`${origin}/local/p2p/fees/USDT`);
  expect(answer.status(), await answer.text()).toBe(200);
  return BigInt(z.parse(z.object({ balance: z.string() }), await answer.json()).balance);
}

/** The client's payment page status line. */
function clientStatus(page: Page, name: string) {
  return page.getByRole('status').filter({ hasText: new RegExp(`^${name}$`) });
}

/** Marks the page so a later check can tell it was never reloaded (a reload forgets the mark). */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Reflect.set(window, '__sameDocument', true));
}

async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => Reflect.get(window, '__sameDocument') === true);
}

/**
 * The client scans the shop's code with Telegram's scanner from home, sees the shop's roubles
 * and the quote, and pays it with the passcode; answers the payment's id once it is waiting.
 */
async function scanAndPay(page: Page, words: Words, code: ShopCode, language: Language): Promise<number> {
  await page.getByRole('navigation', { name: words.walletActions }).getByRole('button', { name: words.scan }).click();
  await expect.poll(() => eventTypes(page)).toContain('web_app_open_scan_qr_popup');
  await sendTelegramEvent(page, 'qr_text_received', { data: code.link });
  await expect(page).toHaveURL(new RegExp(`/qr-pay\\?id=${code.id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Romashka Coffee' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(spaced(text[language].fiat));
  const totalCell = page.locator('.ui-cell', { hasText: words.total });
  await expect(totalCell.locator('.ui-cell-value')).toHaveText(spaced('19.085413 USDT'));
  await checkAccessibility(page);
  await pictures(page, 'client-quote', language);

  await pressMainAction(page, 'miniApp', `${words.pay} 19.085413\u00a0USDT`);
  await expect(page.getByRole('heading', { level: 1, name: words.confirm })).toBeVisible();
  const keypad = page.getByRole('group', { name: /keypad|клавиатура/i });
  for (const digit of passcode) await keypad.getByRole('button', { name: digit, exact: true }).click();
  await expect(clientStatus(page, words.waiting)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/qr-pay\?payment=%22\d+%22$/);
  return Number(JSON.parse(new URL(page.url()).searchParams.get('payment') ?? '0'));
}

/** The live list's row of a 1,500 RUB payment (a button: pressing it asks to take it). */
function liveRow(page: Page, words: Words) {
  return page.getByRole('button', { name: spaced(words.fiat) });
}

/**
 * The three people of a journey, each in a browser of their own: a client with 100 USDT, the
 * passport (the p2c-client level) and a passcode; a merchant with the p2c-merchant level and an
 * active Sberbank card; the shop (the stand-in pages are English). `close()` when done.
 */
async function threePeople(browser: Browser, api: APIRequest, origin: string, language: Language) {
  const client = await MarketUser.signIn(api, origin, language);
  const merchant = await MarketUser.signIn(api, origin, language);
  await client.verifyPassport(browser);
  await client.receiveUsdt('100');
  const account = await becomeP2cMerchant(browser, origin, merchant);
  const shopContext = await browser.newContext({ baseURL: origin, locale: 'en-US' });
  const shop = await shopContext.newPage();
  const c = await browserOf(browser);
  const m = await browserOf(browser);
  await openMiniApp(c.page, client, language, '/');
  await setPasscodeThroughApi(c.page, origin, passcode);
  const close = async () => {
    for (const context of [shopContext, c.context, m.context]) await context.close();
    await client.dispose();
    await merchant.dispose();
  };
  return { client, merchant, account, shop, c, m, close };
}

for (const language of ['en', 'ru'] as const) {
  const words = text[language];

  test(`(${language}) the shop’s 1,500 RUB code: the client scans and pays it, a merchant watching the live list takes it, pays it at the bank and marks it paid; the client sees it completed within a second; the money adds up; the client disputes it and support refunds it`, async ({
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const origin = baseURL ?? '';
    const { client, merchant, account, shop, c, m, close } = await threePeople(
      browser,
      playwright.request,
      origin,
      language,
    );
    const accountName = `${words.bank} •••• ${account.last4}`;
    const feesBefore = await feesBalance(c.page, origin);

    let code: ShopCode = { id: '', link: '' };
    await test.step('the shop issues a 1,500 RUB code, not paid yet', async () => {
      code = await issueShopCode(shop, '1500');
      await expect(shop.locator('#status')).toHaveText('Not paid yet');
    });

    await test.step('the merchant opens the live list of payments to take', async () => {
      await openMiniApp(m.page, merchant, language, '/p2c/orders');
      await expect(m.page.getByRole('heading', { level: 1, name: words.paymentsToTake })).toBeVisible();
      await expect(m.page.getByText(words.noPayments)).toBeVisible();
      await markDocument(m.page);
      await checkAccessibility(m.page);
    });

    let paymentId = 0;
    await test.step('the client scans the code, sees the shop and the quote, and pays 19.085413 USDT with the passcode', async () => {
      await openMiniApp(c.page, client, language, '/');
      paymentId = await scanAndPay(c.page, words, code, language);
      await checkAccessibility(c.page);
      await pictures(c.page, 'client-pending', language);
      expect(await usdtOf(client)).toEqual({ available: clientStart - total, held: total });
    });

    await test.step('the payment appears on the merchant’s list without a reload, and the merchant takes it', async () => {
      await expect(liveRow(m.page, words)).toHaveCount(1, { timeout: 15_000 });
      await expect(liveRow(m.page, words)).toContainText(spaced(words.reward));
      expect(await stillSameDocument(m.page)).toBe(true);
      await checkAccessibility(m.page);
      await pictures(m.page, 'merchant-live-list', language);
      await liveRow(m.page, words).click();
      const sheet = m.page.getByRole('dialog', { name: words.takeQuestion });
      await expect(sheet).toContainText(spaced(words.reward));
      await checkAccessibility(m.page);
      await pictures(m.page, 'merchant-take-sheet', language);
      await sheet.getByRole('button', { name: words.take, exact: true }).click();
      await expect(m.page).toHaveURL(new RegExp(`/p2c/orders/${paymentId}(\\?|$)`));
      await expect(m.page.getByRole('heading', { level: 1, name: spaced(words.payFiat) })).toBeVisible();
      await checkAccessibility(m.page);
      await pictures(m.page, 'merchant-taken', language);
    });

    await test.step('the client’s page says a merchant is paying (polled every 9 s while it waited)', async () => {
      await expect(clientStatus(c.page, words.beingPaid)).toBeVisible({ timeout: 15_000 });
    });

    await test.step('the merchant pays the code at the bank; the shop shows it paid by itself', async () => {
      const link = await m.page.getByRole('link', { name: words.openInBank }).getAttribute('href');
      expect(link).toBe(code.link);
      const bank = await m.context.newPage();
      const receipt = await payAtLocalBank(bank, code.link, origin);
      await bank.close();
      await expect(shop.locator('#status')).toHaveText(/^Paid · /, { timeout: 10_000 });

      await m.page.getByRole('button', { name: new RegExp(words.uploadReceipt) }).click();
      await expect(m.page).toHaveURL(/step=check/);
      await m.page
        .getByLabel(words.chooseFile)
        .setInputFiles({ name: receipt.name, mimeType: 'application/pdf', buffer: receipt.bytes });
      await expect(m.page.getByText(receipt.name)).toBeVisible();
      await checkAccessibility(m.page);
      await pictures(m.page, 'merchant-receipt', language);
      await pressMainAction(m.page, 'miniApp', words.upload);
      await expect(m.page.getByRole('button', { name: new RegExp(words.receiptUploaded) })).toBeVisible();
    });

    await test.step('the merchant chooses the account paid from', async () => {
      await m.page.getByRole('link', { name: new RegExp(words.paidFrom) }).click();
      await expect(m.page).toHaveURL(/\/p2c\/orders\/choose-method/);
      await expect(m.page.getByRole('heading', { level: 1, name: words.paidFrom })).toBeVisible();
      await checkAccessibility(m.page);
      await pictures(m.page, 'merchant-choose-account', language);
      await m.page.getByRole('radio', { name: new RegExp(accountName) }).click();
      await expect(m.page).toHaveURL(new RegExp(`/p2c/orders/${paymentId}\\?account=${account.id}`));
      await expect(m.page.getByRole('link', { name: new RegExp(accountName) })).toBeVisible();
    });

    await test.step('the merchant marks it paid, and the client sees it completed within a second', async () => {
      await pressMainAction(m.page, 'miniApp', words.markPaid);
      const sheet = m.page.getByRole('dialog', { name: spaced(words.didYouPay) });
      await expect(sheet).toBeVisible();
      await pictures(m.page, 'merchant-mark-paid', language);
      // The client's page, polling the processing payment every 500 ms, notes when it shows Paid.
      const clientSawPaid = c.page.waitForFunction(
        (paid) => (document.querySelector('[role="status"].p2c-pay-status')?.textContent === paid ? Date.now() : 0),
        words.paid,
        { polling: 'raf', timeout: 30_000 },
      );
      const paidAnswer = m.page.waitForResponse(
        (response) =>
          response.url().endsWith(`/p2c/payments/${paymentId}/paid`) && response.request().method() === 'POST',
      );
      await sheet.getByRole('button', { name: words.yesPaid }).click();
      expect((await paidAnswer).status()).toBe(200);
      const answeredAt = Date.now();
      const seenAt = Number(await (await clientSawPaid).jsonValue());
      test.info().annotations.push({ type: 'client saw Paid after (ms)', description: String(seenAt - answeredAt) });
      expect(seenAt - answeredAt).toBeLessThan(1_000);
      await expect(m.page.getByText(words.completed)).toBeVisible();
      await checkAccessibility(m.page);
      await pictures(m.page, 'merchant-completed', language);
      await checkAccessibility(c.page);
      await pictures(c.page, 'client-completed', language);
    });

    await test.step('the money adds up: the client paid the total, the merchant holds the amount, the fees account has the fee', async () => {
      expect(await usdtOf(client)).toEqual({ available: clientStart - total, held: 0n });
      expect(await usdtOf(merchant)).toEqual({ available: 0n, held: amount });
      expect((await feesBalance(c.page, origin)) - feesBefore).toBe(fee);
    });

    await test.step('the client disputes it: the shop didn’t get the money', async () => {
      await c.page.getByRole('button', { name: words.openDispute }).click();
      await expect(c.page).toHaveURL(/step=dispute/);
      await c.page.getByRole('radio', { name: words.shopNotPaid }).click();
      await c.page.getByLabel(words.whatHappened).fill(words.disputeMessage);
      await checkAccessibility(c.page);
      await pictures(c.page, 'client-dispute-form', language);
      await pressMainAction(c.page, 'miniApp', words.send);
      await expect(clientStatus(c.page, words.disputed)).toBeVisible();
      await expect(c.page.getByRole('main')).toContainText(words.disputeMessage);
      await checkAccessibility(c.page);
      await pictures(c.page, 'client-disputed', language);
    });

    await test.step('support reads the dispute and the receipt on the stand-in page and refunds the client', async () => {
      const support = await browser.newContext({ baseURL: origin, locale: 'en-US' });
      const page = await support.newPage();
      await page.goto(`/local/operator/p2c-payments?payment_id=${paymentId}`);
      const main = page.getByRole('main');
      await expect(main).toContainText(words.disputeMessage);
      await expect(main.getByRole('link', { name: `receipt-${code.id}.pdf` })).toBeVisible();
      await checkAccessibility(page);
      await main.getByLabel('Note to both sides (required)').fill('The bank’s receipt does not match the shop’s code.');
      await main.getByRole('button', { name: 'Refund the client' }).click();
      await expect(main).toContainText('Refunded');
      await support.close();
    });

    await test.step('the client sees it refunded and has the whole total back; the merchant sees it refunded', async () => {
      // A disputed payment is polled every 5 s.
      await expect(clientStatus(c.page, words.refunded)).toBeVisible({ timeout: 15_000 });
      await expect(c.page.getByText(words.refundedSentence)).toBeVisible();
      await expect(c.page.getByRole('main')).toContainText(words.supportRefunded);
      await checkAccessibility(c.page);
      await pictures(c.page, 'client-refunded', language);
      expect(await usdtOf(client)).toEqual({ available: clientStart, held: 0n });
      expect(await usdtOf(merchant)).toEqual({ available: 0n, held: 0n });
      expect(await feesBalance(c.page, origin)).toBe(feesBefore);

      await openMiniApp(m.page, merchant, language, `/p2c/orders/${paymentId}`);
      await expect(m.page.getByText(words.merchantRefunded)).toBeVisible();
      await expect(m.page.getByRole('main')).toContainText(words.refunded);
      await checkAccessibility(m.page);
      await pictures(m.page, 'merchant-refunded', language);
    });

    await close();
  });

  test(`(${language}) nobody takes a payment: it leaves the merchant’s live list when its time runs out, and the client is refunded`, async ({
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const origin = baseURL ?? '';
    const { client, merchant, shop, c, m, close } = await threePeople(browser, playwright.request, origin, language);
    const code = await issueShopCode(shop, '1500');
    await openMiniApp(m.page, merchant, language, '/p2c/orders');
    await expect(m.page.getByRole('heading', { level: 1, name: words.paymentsToTake })).toBeVisible();
    await markDocument(m.page);

    let paymentId = 0;
    await test.step('the client pays; the merchant sees it arrive', async () => {
      await openMiniApp(c.page, client, language, '/');
      paymentId = await scanAndPay(c.page, words, code, language);
      await expect(liveRow(m.page, words)).toHaveCount(1, { timeout: 15_000 });
    });

    await test.step('its pending timer falls due: it leaves the list without a reload, and the client sees it canceled', async () => {
      const due = await c.page.request.post(`${origin}/local/p2c/payments/${paymentId}/timer-due`);
      expect(due.status(), await due.text()).toBe(200);
      await expect(liveRow(m.page, words)).toHaveCount(0, { timeout: 15_000 });
      await expect(m.page.getByText(words.noPayments)).toBeVisible();
      expect(await stillSameDocument(m.page)).toBe(true);
      await pictures(m.page, 'merchant-live-list-empty', language);
      // A pending payment is polled every 9 s.
      await expect(clientStatus(c.page, words.canceled)).toBeVisible({ timeout: 20_000 });
    });

    await test.step('the whole 100 USDT is back on the client’s balance, nothing on hold', async () => {
      expect(await usdtOf(client)).toEqual({ available: clientStart, held: 0n });
      expect(await usdtOf(merchant)).toEqual({ available: 0n, held: 0n });
    });

    await close();
  });
}
