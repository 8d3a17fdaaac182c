import type { Page } from '@playwright/test';
import * as z from 'zod/mini';
import { acquireFeesAccount, releaseFeesAccount } from './support/feesAccountLock.ts';
import { MarketUser } from './support/marketUser.ts';
import { browserOf, openMiniApp, picturesInto } from './support/miniAppJourney.ts';
import { setPasscodeThroughApi } from './support/passcode.ts';
import { pressMainAction } from './support/screenActions.ts';
import { lastTelegramEvent, sendTelegramEvent } from './support/telegram.ts';
import { checkAccessibility, expect, test } from './support/test.ts';
import { passportImage } from './support/verification.ts';

// Issue 13, "What it must show": two people trade in the mini app against the real server. In
// the first journey B buys from A's sell offer and A releases with the passcode; in the second
// B sells to A's buy offer: one order runs out of time to pay, the next is paid, outlives its
// confirmation window without being canceled, and is disputed and decided by support.
//
// Time passes for an order through the local-mode control `POST /local/p2p/orders/{id}/timer-due`
// (its running timer falls due now; the real timers worker then runs it), and the fees account is
// read through `GET /local/p2p/fees/{asset}` (docs/p2p.md "Local controls for end-to-end runs").

// A step that does not come fails in 10 s, not at the test's end.
test.use({ actionTimeout: 10_000 });
test.describe.configure({ mode: 'default' });
test.beforeEach(() => test.skip(test.info().project.name !== 'phone', 'runs in the phone project only'));
// The USDT fees account is one for the whole server: journeys that check it take turns with it.
test.beforeEach(() => acquireFeesAccount(test.info()));
test.afterEach(releaseFeesAccount);

type Language = 'en' | 'ru';

const passcode = '2580';

/**
 * Every order here: 800 RUB at a fixed 80 RUB per USDT, so 10 USDT; the maker's fee (1 %) is
 * 0.1 USDT. USDT has 18 decimals: 0.1 USDT is 10^17 smallest units.
 */
const feeInSmallestUnits = 100_000_000_000_000_000n;

/** What a person reads and taps on the order screens, in the app's two languages. */
const text = {
  en: {
    buyUsdt: 'Buy USDT',
    sellUsdt: 'Sell USDT',
    amountRub: 'Amount, RUB',
    buyQuestion: 'Are you sure you want to buy USDT for RUB via T-Bank · SBP (Faster Payments System)?',
    sellQuestion: 'Are you sure you want to sell USDT for RUB via T-Bank · SBP (Faster Payments System)?',
    youPay: 'You pay',
    youSend: 'You send',
    youReceive: 'You receive',
    rub: '800.00 ₽',
    usdt: '10 USDT',
    price: '80.00 ₽',
    method: 'T-Bank · SBP (Faster Payments System)•••• 4567',
    pay: 'Pay 800.00 ₽ to the seller',
    paid: 'I’ve paid',
    paidQuestion: 'Have you paid 800.00 ₽?',
    yesPaid: 'Yes, I’ve paid',
    awaitRelease: 'Waiting for the seller to release',
    checkPayment: 'Check that 800.00 ₽ arrived',
    didArrive: 'Did 800.00 ₽ arrive?',
    release: 'Release 10\u00a0USDT',
    sold: 'You sold 10 USDT',
    received: 'You received 10 USDT',
    positive: 'Positive',
    comment: 'Comment (optional)',
    sendReview: 'Send review',
    yourReview: 'Your review',
    theirReview: 'Their review of you',
    buyerReview: 'Quick and polite seller',
    sellerReview: 'Paid at once, thank you',
    verifyTitle: 'Verify your account',
    skip: 'Skip',
    lockedHours: 'stays locked for 24 hours',
    awaitPayment: 'Waiting for the buyer to pay',
    canceled: 'Order canceled',
    buyerTimeout: 'The buyer did not pay in time.',
    openDispute: 'Open a dispute',
    openDisputeButton: 'Open dispute',
    paymentMissing: 'The payment has not arrived',
    whatHappened: 'What happened',
    openingMessage: 'The buyer says they paid, but nothing reached my T-Bank account.',
    answerTitle: 'Answer the dispute',
    answer: 'Answer',
    sendAnswer: 'Send answer',
    answerMessage: 'I paid from my own card, the receipt is attached.',
    supportReviewing: 'Support is reviewing the dispute',
    supportReturned: 'Support returned the crypto to the seller.',
    available: 'Available',
    onHold: 'On hold',
  },
  ru: {
    buyUsdt: 'Купить USDT',
    sellUsdt: 'Продать USDT',
    amountRub: 'Сумма, RUB',
    buyQuestion: 'Точно купить USDT за RUB через Т-Банк · СБП (Система быстрых платежей)?',
    sellQuestion: 'Точно продать USDT за RUB через Т-Банк · СБП (Система быстрых платежей)?',
    youPay: 'Вы платите',
    youSend: 'Вы отправляете',
    youReceive: 'Вы получаете',
    rub: '800.00 ₽',
    usdt: '10 USDT',
    price: '80.00 ₽',
    method: 'Т-Банк · СБП (Система быстрых платежей)•••• 4567',
    pay: 'Оплатите продавцу 800.00 ₽',
    paid: 'Я оплатил(а)',
    paidQuestion: 'Вы оплатили 800.00 ₽?',
    yesPaid: 'Да, я оплатил(а)',
    awaitRelease: 'Ждём, когда продавец отправит криптовалюту',
    checkPayment: 'Проверьте, что пришли 800.00 ₽',
    didArrive: '800.00 ₽ пришли?',
    release: 'Отправить 10\u00a0USDT',
    sold: 'Вы продали 10 USDT',
    received: 'Вы получили 10 USDT',
    positive: 'Положительный',
    comment: 'Комментарий (необязательно)',
    sendReview: 'Отправить отзыв',
    yourReview: 'Ваш отзыв',
    theirReview: 'Отзыв о вас',
    buyerReview: 'Быстрый и вежливый продавец',
    sellerReview: 'Оплатил сразу, спасибо',
    verifyTitle: 'Пройдите верификацию',
    skip: 'Пропустить',
    lockedHours: 'блокируется на 24 часа',
    awaitPayment: 'Ждём оплату от покупателя',
    canceled: 'Сделка отменена',
    buyerTimeout: 'Покупатель не оплатил вовремя.',
    openDispute: 'Открыть спор',
    openDisputeButton: 'Открыть спор',
    paymentMissing: 'Оплата не пришла',
    whatHappened: 'Что произошло',
    openingMessage: 'Покупатель говорит, что оплатил, но на мой счёт в Т-Банке ничего не пришло.',
    answerTitle: 'Ответьте на спор',
    answer: 'Ответить',
    sendAnswer: 'Отправить ответ',
    answerMessage: 'Я оплатил со своей карты, чек приложен.',
    supportReviewing: 'Поддержка разбирает спор',
    supportReturned: 'Поддержка вернула криптовалюту продавцу.',
    available: 'Доступно',
    onHold: 'Заморожено',
  },
} as const;

type Words = (typeof text)[Language];

/** Pictures at 320 px, light and dark, into /tmp/shots-e13 (with E2E_SHOTS set). */
const pictures = picturesInto('/tmp/shots-e13');

const orderView = z.object({
  id: z.number(),
  status: z.string(),
  cancel: z.nullable(z.object({ cause: z.string() })),
  timer: z.nullable(z.object({ kind: z.string() })),
  history: z.array(z.object({ from: z.nullable(z.string()), to: z.string(), actor: z.string() })),
});

/** A row of a details list: its title, then its value ("On hold 40.4 USDT"), spaces as any space. */
async function expectRow(page: Page, title: string, value: string): Promise<void> {
  const literally = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(' ', '\\s');
  await expect(page.getByRole('main')).toContainText(new RegExp(`${literally(title)}\\s*${literally(value)}`));
}

/** The person's USDT screen: `whole` in all, none of it on hold (so no Available/On hold rows). */
async function expectWholeBalance(page: Page, person: MarketUser, language: Language, whole: string): Promise<void> {
  await openMiniApp(page, person, language, '/wallet/USDT');
  await expect(page.getByRole('main')).toContainText(plainSpaces(whole));
  await expect(page.getByText(text[language].onHold, { exact: true })).toHaveCount(0);
}

/** The text of the page with every kind of space as a plain one (amounts keep no-break spaces). */
function plainSpaces(value: string): RegExp {
  return new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(' ', '\\s'));
}

/** The order's step heading: what the person must do next. */
function stepHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 2, name: plainSpaces(name) });
}

function keypadOf(page: Page) {
  return page.getByRole('group', { name: /keypad|клавиатура/i });
}

async function enterPasscode(page: Page): Promise<void> {
  const keypad = keypadOf(page);
  await expect(keypad).toBeVisible();
  for (const digit of passcode) await keypad.getByRole('button', { name: digit, exact: true }).click();
}

/** Presses Telegram's SecondaryButton once it reads `label`. */
async function pressSecondaryAction(page: Page, label: string): Promise<void> {
  await expect
    .poll(() => lastTelegramEvent(page, 'web_app_setup_secondary_button'))
    .toMatchObject({ is_visible: true, text: label, is_active: true });
  await sendTelegramEvent(page, 'secondary_button_pressed');
}

/** The order the page shows, by its URL. */
function orderIdOf(page: Page): number {
  const match = /\/p2p\/orders\/(\d+)/.exec(new URL(page.url()).pathname);
  if (match?.[1] === undefined) throw new Error(`Not an order page: ${page.url()}`);
  return Number(match[1]);
}

async function feesBalance(page: Page, origin: string): Promise<bigint> {
  const answer = await page.request.get(`${origin}/local/p2p/fees/USDT`);
  expect(answer.status(), await answer.text()).toBe(200);
  return BigInt(z.parse(z.object({ balance: z.string() }), await answer.json()).balance);
}

/** The order's running timer falls due now; the timers worker runs it within a second. */
async function letTimeRunOut(page: Page, origin: string, orderId: number, kind: string): Promise<void> {
  const answer = await page.request.post(`${origin}/local/p2p/orders/${orderId}/timer-due`);
  expect(answer.status(), await answer.text()).toBe(200);
  expect(await answer.json()).toMatchObject({ order_id: orderId, kind });
}

/** A saved RUB method: SBP to T-Bank by phone (the method screens have issue 12's journey). */
async function saveTbankMethod(person: MarketUser): Promise<number> {
  const method = await person.post(
    '/p2p/payment-methods',
    {
      fiat: 'RUB',
      identifier: 'sbp',
      child_identifier: 'tbank_sbp',
      name: null,
      details: { phone: '+79161234567', holder_name: 'Anna Test' },
    },
    z.object({ id: z.number() }),
  );
  return method.id;
}

/** An online offer of A's: 50 USDT at a fixed 80 RUB, 500–4000 RUB an order, 15 minutes to pay. */
async function publishOffer(maker: MarketUser, type: 'sell' | 'buy', methodIds: readonly number[]): Promise<number> {
  const created = await maker.post(
    '/p2p/offers',
    {
      type,
      asset: 'USDT',
      fiat: 'RUB',
      price_type: 'fixed',
      price: '80',
      price_floating_ratio: null,
      volume: '50000000000000000000',
      limits: { min: '500', max: '4000' },
      payment_method_ids: type === 'sell' ? methodIds : [],
      catalogue_methods: type === 'buy' ? [{ identifier: 'sbp', child_identifier: 'tbank_sbp' }] : [],
      time_limit: 15,
      description: '',
      restrictions: {
        telegram_premium_required: false,
        completed_trades_percent: null,
        trades_count_min: null,
        trades_volume_usd_min: null,
        account_age_days_min: null,
      },
    },
    z.object({ id: z.number() }),
  );
  await maker.put(`/p2p/offers/${created.id}/active`, { active: true }, z.unknown());
  return created.id;
}

/** The take form's amount in roubles: the fiat toggle (when the offer starts in crypto), then 800. */
async function enterRoubles(page: Page, words: Words): Promise<void> {
  const rub = page.getByRole('button', { name: 'RUB', exact: true });
  if ((await rub.getAttribute('aria-pressed')) !== 'true') await rub.click();
  await page.getByLabel(words.amountRub, { exact: true }).fill('800');
  await expect(page.getByRole('main')).toContainText(plainSpaces(`≈ ${words.usdt}`));
}

/** The order page's review: positive, with a comment, sent with the main button. */
async function leaveReview(page: Page, words: Words, comment: string): Promise<void> {
  await page.getByRole('radio', { name: words.positive, exact: true }).click();
  await page.getByLabel(words.comment).fill(comment);
  await pressMainAction(page, 'miniApp', words.sendReview);
  await expect(page.getByRole('region', { name: words.yourReview }).or(page.getByText(words.yourReview))).toBeVisible();
}

for (const language of ['en', 'ru'] as const) {
  const words = text[language];

  test(`in the mini app (${language}) B buys 10 USDT for 800 RUB from A’s sell offer, pays, A releases with the passcode, the fee reaches the fees account, and both review each other`, async ({
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const origin = baseURL ?? '';
    const seller = await MarketUser.signIn(playwright.request, origin, language);
    const buyer = await MarketUser.signIn(playwright.request, origin, language);
    await seller.receiveUsdt('100');
    await seller.verifyPassport(browser);
    const offerId = await publishOffer(seller, 'sell', [await saveTbankMethod(seller)]);
    const a = await browserOf(browser);
    const b = await browserOf(browser);
    await openMiniApp(a.page, seller, language, '/p2p');
    await setPasscodeThroughApi(a.page, origin, passcode);
    const feesBefore = await feesBalance(a.page, origin);

    await test.step('A’s online offer holds 50 USDT and the 0.5 USDT fee', async () => {
      await openMiniApp(a.page, seller, language, '/wallet/USDT');
      await expectRow(a.page, words.available, '49.5 USDT');
      await expectRow(a.page, words.onHold, '50.5 USDT');
    });

    await test.step('B enters 800 RUB on the take form: 10 USDT, paid to A’s T-Bank', async () => {
      await openMiniApp(b.page, buyer, language, `/p2p/offers/${offerId}`);
      await expect(b.page.getByRole('heading', { level: 1, name: words.buyUsdt })).toBeVisible();
      await enterRoubles(b.page, words);
      await expect(b.page.getByRole('main')).toContainText(plainSpaces(words.method));
      await checkAccessibility(b.page);
      await pictures(b.page, 'take-form-buy', language);
    });

    await test.step('B sees the confirm sheet: pays 800 RUB, receives 10 USDT at 80 RUB', async () => {
      await pressMainAction(b.page, 'miniApp', words.buyUsdt);
      const sheet = b.page.getByRole('dialog', { name: words.buyUsdt });
      await expect(sheet).toContainText(words.buyQuestion);
      await expect(sheet).toContainText(plainSpaces(`${words.youPay}${words.rub}`));
      await expect(sheet).toContainText(plainSpaces(`${words.youReceive}${words.usdt}`));
      await expect(sheet).toContainText(plainSpaces(words.price));
      await checkAccessibility(b.page);
      await pictures(b.page, 'confirm-sheet-buy', language);
      await sheet.getByRole('button', { name: words.buyUsdt, exact: true }).click();
    });

    await test.step('B, unverified, is told once that bought crypto stays locked for 24 hours, and skips', async () => {
      // The take form shows the notice to any unverified taker (TakeOfferView.tsx), buyer too.
      await expect(b.page.getByRole('heading', { level: 1, name: words.verifyTitle })).toBeVisible();
      await expect(b.page.getByRole('main')).toContainText(words.lockedHours);
      await pressSecondaryAction(b.page, words.skip);
    });

    let orderId = 0;
    await test.step('the order opens accepted (A’s offers accept at once): B is asked to pay 800 RUB', async () => {
      await expect(b.page).toHaveURL(/\/p2p\/orders\/\d+(\?|#|$)/);
      orderId = orderIdOf(b.page);
      await expect(stepHeading(b.page, words.pay)).toBeVisible();
      const order = await buyer.get(`/p2p/orders/${orderId}`, orderView);
      expect(order.status).toBe('accepted');
      await checkAccessibility(b.page);
      await pictures(b.page, 'order-buyer-accepted', language);
    });

    await test.step('B marks it paid after the confirmation; B now waits for A', async () => {
      await pressMainAction(b.page, 'miniApp', words.paid);
      const sheet = b.page.getByRole('dialog', { name: plainSpaces(words.paidQuestion) });
      await expect(sheet).toBeVisible();
      await sheet.getByRole('button', { name: words.yesPaid }).click();
      await expect(stepHeading(b.page, words.awaitRelease)).toBeVisible();
    });

    await test.step('B’s active orders list shows the order', async () => {
      await openMiniApp(b.page, buyer, language, '/p2p/orders');
      await expect(b.page.locator(`a[href="/p2p/orders/${orderId}"]`)).toContainText(plainSpaces(words.rub));
      await checkAccessibility(b.page);
      await pictures(b.page, 'orders-list-active', language);
    });

    await test.step('A checks the payment and releases 10 USDT with the passcode', async () => {
      await openMiniApp(a.page, seller, language, `/p2p/orders/${orderId}`);
      await expect(stepHeading(a.page, words.checkPayment)).toBeVisible();
      await checkAccessibility(a.page);
      await pictures(a.page, 'order-seller-pending', language);
      await pressMainAction(a.page, 'miniApp', words.release);
      await expect(a.page).toHaveURL(new RegExp(`/p2p/orders/${orderId}/confirm-payment`));
      await expect(a.page.getByRole('heading', { level: 1, name: plainSpaces(words.didArrive) })).toBeVisible();
      // The order page's main button read the same: press until this page's press opens the keypad.
      await expect(async () => {
        await pressMainAction(a.page, 'miniApp', words.release);
        await expect(keypadOf(a.page)).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 10_000 });
      await enterPasscode(a.page);
      await expect(stepHeading(a.page, words.sold)).toBeVisible({ timeout: 15_000 });
    });

    await test.step('B has the 10 USDT; A’s hold fell by 10.1 USDT; the fees account rose by 0.1 USDT', async () => {
      await openMiniApp(b.page, buyer, language, `/p2p/orders/${orderId}`);
      await expect(stepHeading(b.page, words.received)).toBeVisible({ timeout: 15_000 });
      await checkAccessibility(b.page);
      await pictures(b.page, 'order-buyer-completed', language);
      // B is not verified: the purchase is theirs but locked for unlock_duration (P2P.md).
      await openMiniApp(b.page, buyer, language, '/wallet/USDT');
      await expect(b.page.getByRole('main')).toContainText(plainSpaces(words.usdt));
      const balance = await buyer.get(
        '/wallet/balance',
        z.object({ balances: z.array(z.object({ asset: z.string(), available: z.string(), held: z.string() })) }),
      );
      const usdt = balance.balances.find((entry) => entry.asset === 'USDT');
      expect(BigInt(usdt?.available ?? '0') + BigInt(usdt?.held ?? '0')).toBe(10_000_000_000_000_000_000n);
      await openMiniApp(a.page, seller, language, '/wallet/USDT');
      await expectRow(a.page, words.available, '49.5 USDT');
      await expectRow(a.page, words.onHold, '40.4 USDT');
      expect((await feesBalance(a.page, origin)) - feesBefore).toBe(feeInSmallestUnits);
    });

    await test.step('both leave a positive review and read the other’s on the order and on the profiles', async () => {
      await openMiniApp(b.page, buyer, language, `/p2p/orders/${orderId}`);
      await leaveReview(b.page, words, words.buyerReview);
      await openMiniApp(a.page, seller, language, `/p2p/orders/${orderId}`);
      await leaveReview(a.page, words, words.sellerReview);
      await expect(a.page.getByRole('main')).toContainText(words.theirReview);
      await expect(a.page.getByRole('main')).toContainText(words.buyerReview);
      await pictures(a.page, 'order-seller-completed', language);
      const profileOf = async (person: MarketUser) =>
        (await person.get('/p2p/profile', z.object({ user: z.object({ id: z.number() }) }))).user.id;
      await openMiniApp(b.page, buyer, language, `/p2p/users/${await profileOf(seller)}`);
      await expect(b.page.getByRole('main')).toContainText(words.buyerReview);
      await openMiniApp(a.page, seller, language, `/p2p/users/${await profileOf(buyer)}`);
      await expect(a.page.getByRole('main')).toContainText(words.sellerReview);
    });

    await a.context.close();
    await b.context.close();
    await seller.dispose();
    await buyer.dispose();
  });

  test(`in the mini app (${language}) B sells 10 USDT to A’s buy offer with the passcode: an unpaid order is canceled for the buyer’s timeout and B’s USDT come back, a paid one outlives its confirmation window, and B’s dispute, answered by A, is decided for B by support`, async ({
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const origin = baseURL ?? '';
    const maker = await MarketUser.signIn(playwright.request, origin, language);
    const taker = await MarketUser.signIn(playwright.request, origin, language);
    await maker.verifyPassport(browser);
    const offerId = await publishOffer(maker, 'buy', []);
    await taker.receiveUsdt('100');
    await saveTbankMethod(taker);
    const a = await browserOf(browser);
    const b = await browserOf(browser);
    await openMiniApp(b.page, taker, language, '/p2p');
    await setPasscodeThroughApi(b.page, origin, passcode);

    /** B takes 800 RUB of A's offer: the form, the sheet, (the notice,) the passcode. */
    const sell = async (noticeExpected: boolean): Promise<number> => {
      await openMiniApp(b.page, taker, language, `/p2p/offers/${offerId}`);
      await expect(b.page.getByRole('heading', { level: 1, name: words.sellUsdt })).toBeVisible();
      await enterRoubles(b.page, words);
      if (noticeExpected) {
        await checkAccessibility(b.page);
        await pictures(b.page, 'take-form-sell', language);
      }
      await pressMainAction(b.page, 'miniApp', words.sellUsdt);
      const sheet = b.page.getByRole('dialog', { name: words.sellUsdt });
      await expect(sheet).toContainText(words.sellQuestion);
      await expect(sheet).toContainText(plainSpaces(`${words.youSend}${words.usdt}`));
      await expect(sheet).toContainText(plainSpaces(`${words.youReceive}${words.rub}`));
      if (noticeExpected) await pictures(b.page, 'confirm-sheet-sell', language);
      await sheet.getByRole('button', { name: words.sellUsdt, exact: true }).click();
      if (noticeExpected) {
        await expect(b.page.getByRole('heading', { level: 1, name: words.verifyTitle })).toBeVisible();
        await expect(b.page.getByRole('main')).toContainText(words.lockedHours);
        await checkAccessibility(b.page);
        await pressSecondaryAction(b.page, words.skip);
      }
      await enterPasscode(b.page);
      await expect(b.page).toHaveURL(/\/p2p\/orders\/\d+(\?|#|$)/);
      return orderIdOf(b.page);
    };

    let firstOrder = 0;
    await test.step('B, unverified, sells: the sheet, the verification notice (skipped), the passcode; 10 USDT leave B’s available', async () => {
      firstOrder = await sell(true);
      await expect(stepHeading(b.page, words.awaitPayment)).toBeVisible();
      const order = await taker.get(`/p2p/orders/${firstOrder}`, orderView);
      expect(order.status).toBe('accepted');
      await openMiniApp(b.page, taker, language, '/wallet/USDT');
      await expectRow(b.page, words.available, '90 USDT');
    });

    await test.step('A never pays: the payment window runs out, the order is canceled for the buyer’s timeout', async () => {
      await letTimeRunOut(b.page, origin, firstOrder, 'payment');
      await openMiniApp(b.page, taker, language, `/p2p/orders/${firstOrder}`);
      await expect(stepHeading(b.page, words.canceled)).toBeVisible({ timeout: 15_000 });
      await expect(b.page.getByRole('main')).toContainText(words.buyerTimeout);
      await checkAccessibility(b.page);
      const order = await taker.get(`/p2p/orders/${firstOrder}`, orderView);
      expect(order).toMatchObject({ status: 'canceled', cancel: { cause: 'buyer_timeout' } });
    });

    await test.step('the escrow is back: B has 100 USDT available and nothing on hold', async () => {
      await expectWholeBalance(b.page, taker, language, '100 USDT');
    });

    let secondOrder = 0;
    await test.step('B sells again: no notice this time, straight to the passcode', async () => {
      secondOrder = await sell(false);
      await expect(stepHeading(b.page, words.awaitPayment)).toBeVisible();
    });

    await test.step('A pays and marks it paid', async () => {
      await openMiniApp(a.page, maker, language, `/p2p/orders/${secondOrder}`);
      await expect(stepHeading(a.page, words.pay)).toBeVisible();
      await pressMainAction(a.page, 'miniApp', words.paid);
      await a.page
        .getByRole('dialog', { name: plainSpaces(words.paidQuestion) })
        .getByRole('button', { name: words.yesPaid })
        .click();
      await expect(stepHeading(a.page, words.awaitRelease)).toBeVisible();
    });

    await test.step('the confirmation window runs out: the order stays pending, never canceled by a timer', async () => {
      await letTimeRunOut(b.page, origin, secondOrder, 'confirmation');
      await expect
        .poll(async () => (await taker.get(`/p2p/orders/${secondOrder}`, orderView)).timer, { timeout: 15_000 })
        .toBeNull();
      const order = await taker.get(`/p2p/orders/${secondOrder}`, orderView);
      expect(order.status).toBe('pending');
      expect(order.cancel).toBeNull();
      // The window's end is written to the history by the timer, and leaves the order where it was.
      expect(order.history.at(-1)).toMatchObject({ from: 'pending', to: 'pending', actor: 'timer' });
      await openMiniApp(b.page, taker, language, `/p2p/orders/${secondOrder}`);
      await expect(stepHeading(b.page, words.checkPayment)).toBeVisible();
      await checkAccessibility(b.page);
    });

    await test.step('B opens a dispute: the payment has not arrived, with a screenshot', async () => {
      await pressSecondaryAction(b.page, words.openDispute);
      await expect(b.page).toHaveURL(new RegExp(`/p2p/orders/${secondOrder}/create-dispute`));
      await b.page.getByRole('radio', { name: words.paymentMissing }).click();
      await b.page.getByLabel(words.whatHappened).fill(words.openingMessage);
      await b.page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'bank-statement.png', mimeType: 'image/png', buffer: passportImage });
      await checkAccessibility(b.page);
      await pressMainAction(b.page, 'miniApp', words.openDisputeButton);
      await expect(b.page).toHaveURL(new RegExp(`/p2p/orders/${secondOrder}(\\?|#|$)`));
      await expect(stepHeading(b.page, words.supportReviewing)).toBeVisible();
      await checkAccessibility(b.page);
      await pictures(b.page, 'order-seller-disputed', language);
    });

    await test.step('A answers the dispute', async () => {
      await openMiniApp(a.page, maker, language, `/p2p/orders/${secondOrder}`);
      await expect(stepHeading(a.page, words.answerTitle)).toBeVisible();
      await pressMainAction(a.page, 'miniApp', words.answer);
      await expect(a.page).toHaveURL(new RegExp(`/p2p/orders/${secondOrder}/dispute-response`));
      await a.page.getByLabel(words.whatHappened).fill(words.answerMessage);
      await pressMainAction(a.page, 'miniApp', words.sendAnswer);
      await expect(stepHeading(a.page, words.supportReviewing)).toBeVisible();
    });

    await test.step('support reads both sides on the stand-in page and returns the USDT to B', async () => {
      const support = await browser.newContext({ baseURL: origin, locale: 'en-US' });
      const page = await support.newPage();
      await page.goto(`/local/operator/disputes?order_id=${secondOrder}`);
      const main = page.getByRole('main');
      await expect(main).toContainText(words.openingMessage);
      await expect(main).toContainText(words.answerMessage);
      await expect(main.getByRole('link', { name: 'bank-statement.png' })).toBeVisible();
      await main.getByLabel('At fault').selectOption({ label: 'Buyer' });
      await main.getByLabel('Note to both sides (required)').fill('No payment reached the seller’s bank.');
      await main.getByRole('button', { name: 'Return to the seller' }).click();
      await expect(main).toContainText('Returned to the seller');
      await support.close();
    });

    await test.step('B reads support’s decision and has the 100 USDT back', async () => {
      await openMiniApp(b.page, taker, language, `/p2p/orders/${secondOrder}`);
      await expect(stepHeading(b.page, words.canceled)).toBeVisible();
      await expect(b.page.getByRole('main')).toContainText(words.supportReturned);
      const order = await taker.get(`/p2p/orders/${secondOrder}`, orderView);
      expect(order).toMatchObject({ status: 'canceled', cancel: { cause: 'support' } });
      await expectWholeBalance(b.page, taker, language, '100 USDT');
    });

    await test.step('B’s canceled orders list holds both orders', async () => {
      await openMiniApp(b.page, taker, language, '/p2p/orders?status=canceled');
      for (const id of [firstOrder, secondOrder])
        await expect(b.page.locator(`a[href="/p2p/orders/${id}"]`)).toBeVisible();
      await checkAccessibility(b.page);
      await pictures(b.page, 'orders-list-canceled', language);
    });

    await a.context.close();
    await b.context.close();
    await maker.dispose();
    await taker.dispose();
  });
}
