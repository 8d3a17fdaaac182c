import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { pressMainAction, type Surface } from './screenActions.ts';
import { checkAccessibility, expect } from './test.ts';

/** A real small passport-like PNG (240×160), and a JPEG bank statement: what a person uploads. */
export const passportImage = readFileSync(new URL('../fixtures/passport.png', import.meta.url));
export const bankStatementImage = readFileSync(new URL('../fixtures/bank-statement.jpg', import.meta.url));

/** The words a person reads on the verification screens, in the app's two languages. */
export const verificationText = {
  en: {
    account: 'Account',
    verification: 'Verification',
    sharePhone: 'Share phone number',
    openTelegram: 'Open Telegram',
    fillPersonalData: 'Fill in personal data',
    personalData: 'Personal data',
    firstName: 'First name',
    lastName: 'Last name',
    dateOfBirth: 'Date of birth',
    chooseCountry: 'Choose a country',
    search: 'Search',
    city: 'City',
    address: 'Address',
    send: 'Send',
    uploadPassport: 'Upload passport',
    chooseFile: 'Choose a file',
    upload: 'Upload',
    sendForReview: 'Send for review',
    inReview: 'In review',
    done: 'Done',
  },
  ru: {
    account: 'Аккаунт',
    verification: 'Верификация',
    sharePhone: 'Поделиться номером',
    openTelegram: 'Открыть Telegram',
    fillPersonalData: 'Заполнить личные данные',
    personalData: 'Личные данные',
    firstName: 'Имя',
    lastName: 'Фамилия',
    dateOfBirth: 'Дата рождения',
    chooseCountry: 'Выберите страну',
    search: 'Поиск',
    city: 'Город',
    address: 'Адрес',
    send: 'Отправить',
    uploadPassport: 'Загрузить паспорт',
    chooseFile: 'Выбрать файл',
    upload: 'Загрузить',
    sendForReview: 'Отправить на проверку',
    inReview: 'На проверке',
    done: 'Готово',
  },
} as const;

export type Language = keyof typeof verificationText;

export interface PersonalDataEntry {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD, as a date field takes it. */
  dateOfBirth: string;
  /** The country's name in the interface's language, as the picker lists it. */
  country: string;
  city: string;
  address: string;
}

/** A Telegram id of a new person, distinct per test: the server limits sign-ins per account. */
export function newTelegramUserId(): number {
  return 720_000_000 + Math.floor(Math.random() * 250_000_000);
}

/** The Telegram id of the person signed in to the web wallet, once its session cookie is set. */
export async function signedInUserId(page: Page): Promise<number> {
  await expect.poll(async () => (await page.request.get('/api/v1/user/settings')).status()).toBe(200);
  const settings: { id: number } = await (await page.request.get('/api/v1/user/settings')).json();
  return settings.id;
}

/**
 * Fills the personal-data form as a person does (the country through its picker, found by
 * searching) and sends it with the screen's main action.
 */
export async function fillPersonalData(
  page: Page,
  surface: Surface,
  language: Language,
  entry: PersonalDataEntry,
): Promise<void> {
  const text = verificationText[language];
  await expect(page.getByRole('heading', { name: text.personalData })).toBeVisible();
  await page.getByLabel(text.firstName, { exact: true }).fill(entry.firstName);
  await page.getByLabel(text.lastName, { exact: true }).fill(entry.lastName);
  await page.getByLabel(text.dateOfBirth, { exact: true }).fill(entry.dateOfBirth);
  await page.getByRole('button', { name: text.chooseCountry }).click();
  await expect(page).toHaveURL(/picker=country/);
  await page.getByRole('searchbox', { name: text.search }).fill(entry.country);
  await checkAccessibility(page);
  await page.getByRole('radio', { name: new RegExp(`^${entry.country}`) }).click();
  await expect(page).not.toHaveURL(/picker=country/);
  await expect(page.getByRole('button', { name: new RegExp(entry.country) })).toBeVisible();
  await page.getByLabel(text.city, { exact: true }).fill(entry.city);
  await page.getByLabel(text.address, { exact: true }).fill(entry.address);
  await checkAccessibility(page);
  await pressMainAction(page, surface, text.send);
}

/**
 * The web's stand-in for sharing the number with the bot (`/local/verification/phone`, opened by
 * "Open Telegram" in a tab of its own): the number Telegram would fill in, shared. Its
 * accessibility is checked by a test of its own (verification-results.spec.ts).
 */
export async function shareNumberWithBotStandIn(tab: Page, language: Language): Promise<void> {
  const words =
    language === 'ru'
      ? { heading: /Отправьте номер телефона боту @/, share: 'Поделиться контактом', shared: 'Номер отправлен' }
      : { heading: /Share your phone number with @/, share: 'Share contact', shared: 'Phone number shared' };
  await expect(tab.getByRole('heading', { name: words.heading })).toBeVisible();
  await tab.getByRole('button', { name: words.share }).click();
  await expect(tab.getByRole('heading', { name: words.shared })).toBeVisible();
}

/**
 * The web's phone step: "Share phone number", then "Open Telegram" opens the bot's stand-in in a
 * tab of its own, where the number is shared; the wallet, left alone, moves on to the personal
 * data once its next poll (every 5 s) sees the number. The browser speaks English, so the
 * stand-in does; the wallet speaks the person's language.
 */
export async function sharePhoneThroughBot(page: Page, language: Language): Promise<void> {
  const text = verificationText[language];
  await pressMainAction(page, 'web', text.sharePhone);
  const botTab = page.context().waitForEvent('page');
  await pressMainAction(page, 'web', text.openTelegram);
  const tab = await botTab;
  await shareNumberWithBotStandIn(tab, 'en');
  await tab.close();
  await expect(page.getByRole('button', { name: text.fillPersonalData })).toBeVisible({ timeout: 6_000 });
}
