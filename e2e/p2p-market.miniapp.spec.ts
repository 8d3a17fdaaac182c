import type { Page } from '@playwright/test';
import * as z from 'zod/mini';
import { floatingPrice, MarketUser, referencePrice } from './support/marketUser.ts';
import { expectMainAction, pressMainAction } from './support/screenActions.ts';
import { lastTelegramEvent, miniAppUrl, recordTelegramEvents, sendTelegramEvent } from './support/telegram.ts';
import { checkAccessibility, expect, test } from './support/test.ts';

// Issue 12, "What it must show": two people in the mini app. A saves a payment method (RUB, SBP →
// a bank), makes a floating sell offer for USDT/RUB and turns it online (the reservation leaves
// A's available balance); B, filtering /p2p/buy by RUB and that method, finds it first at the
// right price and opens its take form with A's stats; A edits the price, turns it offline (the
// balance returns) and deletes it after the confirmation.

// A step that does not come fails in 10 s, not at the test's end.
test.use({ actionTimeout: 10_000 });

// The two languages' journeys one after the other: each looks for its own offer first among
// RUB/SBP sell offers, so the other's must be gone by then.
test.describe.configure({ mode: 'default' });

// The screens are the mini app's at a phone's width; the desktop project would repeat them.
test.beforeEach(() => test.skip(test.info().project.name !== 'phone', 'runs in the phone project only'));

type Language = 'en' | 'ru';

/** What a person reads and taps on the market's screens, in the app's two languages. */
const text = {
  en: {
    market: 'P2P market',
    paymentMethods: 'Payment methods',
    addPaymentMethod: 'Add payment method',
    sbp: 'SBP (Faster Payments System)',
    bank: 'T-Bank',
    phone: 'Phone number',
    holder: 'Holder’s full name',
    save: 'Save',
    methodRow: 'T-Bank · SBP (Faster Payments System) •••• 4567',
    createOffer: 'Create offer',
    sellCrypto: /^Sell crypto/,
    otherCurrencies: /^Other currencies/,
    continue: 'Continue',
    floating: /^Floating/,
    amount: 'Amount to sell, USDT',
    minimum: 'Minimum per order, RUB',
    maximum: 'Maximum per order, RUB',
    fee: 'Fee 0.5 USDT will be reserved',
    reviewHeading: 'Sell USDT for RUB',
    publish: 'Publish',
    offerNumber: /^Offer #\d+$/,
    turnOnline: 'Turn Online',
    turnOffline: 'Turn Offline',
    online: 'Online',
    offline: 'Offline',
    balance: { available: 'Available', onHold: 'On hold' },
    reserved: { available: '49.5 USDT', onHold: '50.5 USDT' },
    whole: '100 USDT',
    currencyFilter: /^Currency/,
    rubChoice: /^Russian Ruble/,
    methodFilter: /^Payment method/,
    showOffers: 'Show offers',
    buyUsdt: 'Buy USDT',
    maker: 'Maker',
    newMaker: 'No orders yet',
    price: /^Price/,
    margin: 'Margin to the market, %',
    deleteOffer: 'Delete offer',
    deleteQuestion: 'Delete this offer?',
    delete: 'Delete',
  },
  ru: {
    market: 'P2P‑рынок',
    paymentMethods: 'Способы оплаты',
    addPaymentMethod: 'Добавить способ оплаты',
    sbp: 'СБП (Система быстрых платежей)',
    bank: 'Т-Банк',
    phone: 'Номер телефона',
    holder: 'Имя и фамилия владельца',
    save: 'Сохранить',
    methodRow: 'Т-Банк · СБП (Система быстрых платежей) •••• 4567',
    createOffer: 'Создать объявление',
    sellCrypto: /^Продать криптовалюту/,
    otherCurrencies: /^Другие валюты/,
    continue: 'Продолжить',
    floating: /^Плавающая/,
    amount: 'Сколько продать, USDT',
    minimum: 'Минимум на сделку, RUB',
    maximum: 'Максимум на сделку, RUB',
    fee: 'Будет зарезервирована комиссия 0.5 USDT',
    reviewHeading: 'Продать USDT за RUB',
    publish: 'Опубликовать',
    offerNumber: /^Объявление №\d+$/,
    turnOnline: 'Опубликовать',
    turnOffline: 'Снять с публикации',
    online: 'Онлайн',
    offline: 'Офлайн',
    balance: { available: 'Доступно', onHold: 'Заморожено' },
    reserved: { available: '49.5 USDT', onHold: '50.5 USDT' },
    whole: '100 USDT',
    currencyFilter: /^Валюта/,
    rubChoice: /^Российский рубль/,
    methodFilter: /^Способ оплаты/,
    showOffers: 'Показать объявления',
    buyUsdt: 'Купить USDT',
    maker: 'Автор',
    newMaker: 'Ещё нет сделок',
    price: /^Цена/,
    margin: 'Наценка к рынку, %',
    deleteOffer: 'Удалить объявление',
    deleteQuestion: 'Удалить объявление?',
    delete: 'Удалить',
  },
} as const;

/** A price in roubles as the screens write it in both languages (docs/formatting.md): "83.03 ₽". */
function rubles(price: string): string {
  return `${price} ₽`;
}

/**
 * A row of a details list: its title, then its value ("Available 49.5 USDT"); amounts keep their
 * unit with a no-break space, matched here as any space.
 */
async function expectRow(page: Page, title: string, value: string): Promise<void> {
  const literally = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(' ', '\\s');
  await expect(page.getByRole('main')).toContainText(new RegExp(`${literally(title)}\\s*${literally(value)}`));
}

async function openMiniApp(page: Page, person: MarketUser, language: Language, path: string): Promise<void> {
  await page.goto(miniAppUrl(path, { userId: person.telegramId, languageCode: language }));
}

for (const language of ['en', 'ru'] as const) {
  const words = text[language];

  test(`in the mini app (${language}) a seller’s floating USDT/RUB offer reserves its volume and fee while online, a buyer finds it first by RUB and SBP at the market price × ratio, and the seller edits, takes it offline and deletes it`, async ({
    page: a,
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = baseURL ?? '';
    const seller = await MarketUser.signIn(playwright.request, origin, language);
    const buyer = await MarketUser.signIn(playwright.request, origin, language);
    await seller.receiveUsdt('100');
    await seller.verifyPassport(browser);
    // The buyer in a browser of their own; the seller's page is the test's, checked by axe as it goes.
    const buyerContext = await browser.newContext();
    const b = await buyerContext.newPage();
    await recordTelegramEvents(a);
    await recordTelegramEvents(b);

    await test.step('A saves a payment method: RUB, SBP → T-Bank, by phone', async () => {
      await openMiniApp(a, seller, language, '/p2p');
      await expect(a.getByRole('heading', { level: 1, name: words.market })).toBeVisible();
      await a.getByRole('link', { name: words.paymentMethods }).click();
      await pressMainAction(a, 'miniApp', words.addPaymentMethod);
      await a.getByRole('link', { name: /^RUB/ }).click();
      await a.getByRole('link', { name: words.sbp }).click();
      await expect(a.getByRole('heading', { level: 1, name: words.sbp })).toBeVisible();
      await a.getByRole('link', { name: words.bank }).click();
      await a.getByLabel(words.phone, { exact: true }).fill('+79161234567');
      await a.getByLabel(words.holder, { exact: true }).fill('Anna Test');
      await pressMainAction(a, 'miniApp', words.save);
      await expect(a).toHaveURL(/\/p2p\/methods(#|$)/);
      await expect(a.getByRole('link', { name: words.methodRow })).toBeVisible();
    });

    let offerPath = '';
    await test.step('A creates a floating sell offer: USDT for RUB at 102.5 % of the market, 50 USDT', async () => {
      // Back from the methods list leaves the finished add flow behind: the market's home.
      await sendTelegramEvent(a, 'back_button_pressed');
      await expect(a.getByRole('heading', { level: 1, name: words.market })).toBeVisible();
      await pressMainAction(a, 'miniApp', words.createOffer);
      await a.getByRole('radio', { name: words.sellCrypto }).click();
      await a.getByRole('radio', { name: /^USDT/ }).click();
      // The person's own currency (USD) is offered first; the rest behind "Other currencies".
      await a.getByRole('button', { name: words.otherCurrencies }).click();
      await a.getByRole('radio', { name: /^RUB/ }).click();
      await pressMainAction(a, 'miniApp', words.continue);
      await a.getByRole('radio', { name: words.floating }).click();
      // The margin to the market, as the price edit asks it: +2.5 % is the ratio 102.5.
      await a.getByLabel(words.margin, { exact: true }).fill('2.5');
      const price = floatingPrice(await referencePrice(seller, 'USDT', 'RUB'), '102.5');
      await expect(a.getByRole('main')).toContainText(rubles(price));
      await pressMainAction(a, 'miniApp', words.continue);
      await a.getByLabel(words.amount, { exact: true }).fill('50');
      await a.getByLabel(words.minimum, { exact: true }).fill('500');
      await a.getByLabel(words.maximum, { exact: true }).fill('4000');
      await expect(a.getByText(words.fee)).toBeVisible();
      await pressMainAction(a, 'miniApp', words.continue);
      await a.getByRole('checkbox', { name: words.methodRow }).check();
      // The time to pay (15 minutes), the conditions (none) and the restrictions (none) as they come.
      for (const step of ['methods', 'time', 'conditions', 'restrictions']) {
        await expect(a).toHaveURL(new RegExp(`step=${step}`));
        await pressMainAction(a, 'miniApp', words.continue);
      }
      await expect(a.getByRole('heading', { level: 1, name: words.reviewHeading })).toBeVisible();
      await pressMainAction(a, 'miniApp', words.publish);
      await expect(a).toHaveURL(/\/p2p\/offers\/\d+(#|$)/);
      offerPath = new URL(a.url()).pathname;
      await expect(a.getByRole('heading', { level: 1, name: words.offerNumber })).toBeVisible();
      await expect(a.getByRole('main')).toContainText(words.offline);
    });

    await test.step('A turns it online: 50 USDT and the 0.5 USDT fee leave the available balance', async () => {
      await pressMainAction(a, 'miniApp', words.turnOnline);
      await expect(a.getByRole('main')).toContainText(words.online);
      await expectMainAction(a, 'miniApp', words.turnOffline);
      await openMiniApp(a, seller, language, '/wallet/USDT');
      await expectRow(a, words.balance.available, words.reserved.available);
      await expectRow(a, words.balance.onHold, words.reserved.onHold);
    });

    await test.step('B filters the buy list by RUB and SBP and finds A’s offer first, at the market price × 1.025', async () => {
      await openMiniApp(b, buyer, language, '/p2p/buy');
      await b.getByRole('link', { name: words.currencyFilter }).click();
      await b.getByRole('radio', { name: words.rubChoice }).click();
      await b.getByRole('link', { name: words.methodFilter }).click();
      // The method page re-renders its choices when the best prices arrive; a tap that lands just
      // before that is lost (docs/p2p.md), so the choice is made until it shows as ticked.
      const sbp = b.getByRole('checkbox', { name: words.sbp });
      await expect(async () => {
        if (!(await sbp.isChecked())) await sbp.click();
        await expect(sbp).toBeChecked({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await pressMainAction(b, 'miniApp', words.showOffers);
      await expect(b).toHaveURL(/\/p2p\/buy\?/);
      // Both people are "Anna Test" to Telegram: the offer is known by its link.
      const first = b.getByRole('main').getByRole('listitem').first().getByRole('link');
      await expect(first).toHaveAttribute('href', `${offerPath}?back=offers`);
      const price = floatingPrice(await referencePrice(buyer, 'USDT', 'RUB'), '102.5');
      await expect(first).toContainText(rubles(price));
      await expect(first).toContainText(words.newMaker);
      await checkAccessibility(b);
      await first.click();
    });

    await test.step('B sees the take form with A’s stats and a "Buy USDT" button that waits for orders', async () => {
      await expect(b).toHaveURL(new RegExp(`${offerPath}(\\?|#|$)`));
      await expect(b.getByRole('heading', { level: 1, name: words.buyUsdt })).toBeVisible();
      // A's market name (generated at A's first sign-in) and A's figures: no orders yet.
      const { user } = await seller.get('/p2p/profile', z.object({ user: z.object({ username: z.string() }) }));
      await expect(b.getByRole('main')).toContainText(`${user.username}${words.newMaker}`);
      // Placing the order is the next issue's: the button is there, switched off.
      await expect
        .poll(() => lastTelegramEvent(b, 'web_app_setup_main_button'))
        .toMatchObject({ is_visible: true, text: words.buyUsdt, is_active: false });
      await checkAccessibility(b);
    });

    await test.step('A changes the margin to +1.5 %: the offer shows the market price × 1.015', async () => {
      await openMiniApp(a, seller, language, offerPath);
      await a.getByRole('link', { name: words.price }).click();
      await a.getByLabel(words.margin, { exact: true }).fill('1.5');
      await pressMainAction(a, 'miniApp', words.save);
      await expect(a).toHaveURL(new RegExp(`${offerPath}(\\?|#|$)`));
      const price = floatingPrice(await referencePrice(seller, 'USDT', 'RUB'), '101.5');
      await expect(a.getByRole('link', { name: words.price })).toContainText(rubles(price));
    });

    await test.step('A turns it offline: the 50.5 USDT come back', async () => {
      await pressMainAction(a, 'miniApp', words.turnOffline);
      await expect(a.getByRole('main')).toContainText(words.offline);
      await expectMainAction(a, 'miniApp', words.turnOnline);
      await openMiniApp(a, seller, language, '/wallet/USDT');
      await expect(a.getByRole('main')).toContainText(words.whole);
      await expect(a.getByText(words.balance.onHold, { exact: true })).toHaveCount(0);
    });

    await test.step('A deletes it after the confirmation and is taken back', async () => {
      await openMiniApp(a, seller, language, offerPath);
      await a.getByRole('button', { name: words.deleteOffer }).click();
      const dialog = a.getByRole('dialog', { name: words.deleteQuestion });
      await expect(dialog).toBeVisible();
      await checkAccessibility(a);
      await dialog.getByRole('button', { name: words.delete, exact: true }).click();
      await expect(a).not.toHaveURL(new RegExp(offerPath));
      const mine = await seller.get('/p2p/offers/my', z.object({ total: z.number() }));
      expect(mine.total).toBe(0);
    });
    await buyerContext.close();
    await seller.dispose();
    await buyer.dispose();
  });
}
