import type { Browser, Page } from '@playwright/test';
import { signedContact } from './support/auth.ts';
import { decideOnLocalProvider } from './support/identityProvider.ts';
import { pressMainAction, type Surface } from './support/screenActions.ts';
import { signInThroughStandIn } from './support/standIn.ts';
import { eventTypes, miniAppUrl, recordTelegramEvents } from './support/telegram.ts';
import { expect, test } from './support/test.ts';
import {
  fillPersonalData,
  type Language,
  newTelegramUserId,
  passportImage,
  sharePhoneThroughBot,
  signedInUserId,
  verificationText,
} from './support/verification.ts';

// Issue 11: a new person takes the p2c-client level (phone, personal data, passport) from
// Account → Verification, the local identity provider approves the passport, and the level shows
// verified by itself (the flow is polled every 5 s), in the mini app and on the web, en and ru.

// A step that does not come fails in 10 s, not at the test's end.
test.use({ actionTimeout: 10_000 });

/** The words of the journey that depend on the level, per language (hand-written, not the app's). */
const levelText = {
  en: {
    levelName: 'P2C payments',
    verified: 'Verified: every step of P2C payments is done.',
    passportStep: 'Passport',
    portugal: 'Portugal',
  },
  ru: {
    // The hyphen does not break (U+2011), as the Russian catalog writes it.
    levelName: 'P2C‑платежи',
    verified: 'Готово: все шаги уровня «P2C‑платежи» пройдены.',
    passportStep: 'Паспорт',
    portugal: 'Португалия',
  },
} as const;

/** The person is on /account: opens Verification, then the P2C payments level. */
async function openLevelFromAccount(page: Page, language: Language): Promise<void> {
  const text = verificationText[language];
  await page.getByRole('link', { name: text.verification }).click();
  await expect(page).toHaveURL(/\/account\/verification$/);
  await expect(page.getByRole('heading', { name: text.verification, exact: true })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`^${levelText[language].levelName}`) }).click();
  await expect(page).toHaveURL(/\/account\/verification\/p2c-client/);
  await expect(page.getByRole('heading', { name: levelText[language].levelName })).toBeVisible();
}

/** From the filled personal data to the passport sent for review. */
async function personalDataAndPassport(page: Page, surface: Surface, language: Language): Promise<void> {
  const text = verificationText[language];
  await pressMainAction(page, surface, text.fillPersonalData);
  await fillPersonalData(page, surface, language, {
    firstName: 'Anna',
    lastName: 'Test',
    dateOfBirth: '1990-02-01',
    country: levelText[language].portugal,
    city: 'Lisboa',
    address: 'Rua Augusta 1',
  });
  // Back on the level, the passport is the step to take.
  await expect(page).toHaveURL(/\/account\/verification\/p2c-client/);
  await pressMainAction(page, surface, text.uploadPassport);
  await page
    .getByLabel(text.chooseFile)
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: passportImage });
  await expect(page.getByText('passport.png')).toBeVisible();
  await pressMainAction(page, surface, text.upload);
  await pressMainAction(page, surface, text.sendForReview);
  const passportRow = page.getByRole('listitem').filter({ hasText: levelText[language].passportStep });
  await expect(passportRow).toContainText(text.inReview);
}

/**
 * The reviewer approves the passport on the local provider page; the person's screen, left
 * alone, shows the level verified within 5 s (one poll), with no page load in between.
 */
async function approvedWithoutReload(page: Page, browser: Browser, origin: string, userId: number, language: Language) {
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await decideOnLocalProvider(browser, origin, userId, { decision: 'approve' });
  const approvedAt = Date.now();
  // One poll interval (5 s) plus the answer's way back.
  await expect(page.getByText(levelText[language].verified)).toBeVisible({ timeout: 5_500 });
  expect(Date.now() - approvedAt).toBeLessThanOrEqual(5_500);
  expect(loads).toBe(0);
  const passportRow = page.getByRole('listitem').filter({ hasText: levelText[language].passportStep });
  await expect(passportRow).toContainText(verificationText[language].done);
}

for (const language of ['en', 'ru'] as const) {
  test(`in the mini app (${language}) a new person shares the phone from Telegram, fills personal data, uploads a passport and sees P2C payments verified once the provider approves`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const userId = newTelegramUserId();
    const contact = signedContact({
      user_id: userId,
      phone_number: '351912345678',
      first_name: 'Anna',
      last_name: 'Test',
    });
    await recordTelegramEvents(page, { contact: { response: contact } });
    await page.goto(miniAppUrl('/account', { userId, languageCode: language }));

    await test.step('Account → Verification → P2C payments', () => openLevelFromAccount(page, language));

    await test.step('the phone number, shared through Telegram’s prompt', async () => {
      await pressMainAction(page, 'miniApp', verificationText[language].sharePhone);
      await expect.poll(() => eventTypes(page)).toContain('web_app_request_phone');
      await expect.poll(() => eventTypes(page)).toContain('web_app_invoke_custom_method');
    });

    await test.step('personal data and the passport, sent for review', () =>
      personalDataAndPassport(page, 'miniApp', language));

    await test.step('approved by the provider: verified within 5 s without reloading', () =>
      approvedWithoutReload(page, browser, baseURL ?? '', userId, language));
  });

  test(`on the web (${language}) a new person shares the phone with the bot, fills personal data, uploads a passport and sees P2C payments verified once the provider approves`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signInThroughStandIn(page, { firstName: 'Vera', language });
    const userId = await signedInUserId(page);
    await page.goto('/account');

    await test.step('Account → Verification → P2C payments', () => openLevelFromAccount(page, language));

    await test.step('the phone number, shared with the bot (its local stand-in, in a tab of its own)', () =>
      sharePhoneThroughBot(page, language));

    await test.step('personal data and the passport, sent for review', () =>
      personalDataAndPassport(page, 'web', language));

    await test.step('approved by the provider: verified within 5 s without reloading', () =>
      approvedWithoutReload(page, browser, baseURL ?? '', userId, language));
  });
}

test('in the mini app (en) a passport the provider rejects shows the reviewer’s reason by itself; sent again, it is approved', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const userId = newTelegramUserId();
  const contact = signedContact({ user_id: userId, phone_number: '351912345679', first_name: 'Anna' });
  await recordTelegramEvents(page, { contact: { response: contact } });
  await page.goto(miniAppUrl('/account/verification/p2c-client', { userId }));
  await pressMainAction(page, 'miniApp', 'Share phone number');
  await personalDataAndPassport(page, 'miniApp', 'en');

  await test.step('rejected with a reason: the person reads it without reloading', async () => {
    await decideOnLocalProvider(browser, baseURL ?? '', userId, {
      decision: 'reject',
      reason: 'The photo is blurred: all four corners must be sharp.',
    });
    const notice = page.getByRole('alert');
    await expect(notice).toContainText('Rejected: Passport', { timeout: 5_500 });
    await expect(notice).toContainText('The photo is blurred: all four corners must be sharp.');
    await expect(page.getByRole('listitem').filter({ hasText: 'Passport' })).toContainText('Rejected');
  });

  await test.step('sent again and approved', async () => {
    await pressMainAction(page, 'miniApp', 'Try again');
    await page
      .getByLabel('Choose a file')
      .setInputFiles({ name: 'passport-sharp.png', mimeType: 'image/png', buffer: passportImage });
    await pressMainAction(page, 'miniApp', 'Upload');
    await pressMainAction(page, 'miniApp', 'Send for review');
    await expect(page.getByRole('listitem').filter({ hasText: 'Passport' })).toContainText('In review');
    await approvedWithoutReload(page, browser, baseURL ?? '', userId, 'en');
  });
});
