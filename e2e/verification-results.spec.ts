import type { Page } from '@playwright/test';
import { signedContact } from './support/auth.ts';
import { pressMainAction } from './support/screenActions.ts';
import { miniAppUrl, recordTelegramEvents } from './support/telegram.ts';
import { expect, test } from './support/test.ts';
import { fillPersonalData, type Language, verificationText } from './support/verification.ts';

// Issue 11: what the personal data can give besides a pass (a 17-year-old: UNDER_18; a country
// on the restricted list: RESTRICTED_REGION and its screen), and where the deep link
// `verification-{flow}` and Account → Verification lead.

// A step that does not come fails in 10 s, not at the test's end.
test.use({ actionTimeout: 10_000 });

function newUserId(): number {
  return 790_000_000 + Math.floor(Math.random() * 90_000_000);
}

/** A date of birth that makes the person 17 today: 17 years and a month ago (UTC), as YYYY-MM-DD. */
function seventeenYearsOld(): string {
  const today = new Date();
  const born = new Date(
    Date.UTC(today.getUTCFullYear() - 17, today.getUTCMonth() - 1, Math.min(today.getUTCDate(), 28)),
  );
  return born.toISOString().slice(0, 10);
}

const resultText = {
  en: {
    underAge: 'You must be 18 or older',
    restricted: 'Not available in your region',
    germany: 'Germany',
    cuba: 'Cuba',
  },
  ru: {
    underAge: 'Вам должно быть 18 лет или больше',
    restricted: 'Недоступно в вашем регионе',
    germany: 'Германия',
    cuba: 'Куба',
  },
} as const;

/** A new mini-app person with a verified phone, on the personal-data form of the basic level. */
async function atPersonalData(page: Page, language: Language): Promise<void> {
  const userId = newUserId();
  const contact = signedContact({ user_id: userId, phone_number: '491701234567', first_name: 'Anna' });
  await recordTelegramEvents(page, { contact: { response: contact } });
  await page.goto(miniAppUrl('/account/verification/basic', { userId, languageCode: language }));
  await pressMainAction(page, 'miniApp', verificationText[language].sharePhone);
  await pressMainAction(page, 'miniApp', verificationText[language].fillPersonalData);
  await expect(page).toHaveURL(/\/account\/verification\/personal-data/);
}

for (const language of ['en', 'ru'] as const) {
  test(`in the mini app (${language}) a 17-year-old’s date of birth shows the under-18 result`, async ({ page }) => {
    await atPersonalData(page, language);
    await fillPersonalData(page, 'miniApp', language, {
      firstName: 'Mia',
      lastName: 'Young',
      dateOfBirth: seventeenYearsOld(),
      country: resultText[language].germany,
      city: 'Berlin',
      address: 'Unter den Linden 1',
    });
    await expect(page.getByRole('alert').getByRole('heading', { name: resultText[language].underAge })).toBeVisible();
    // Nothing was verified: the level is still where it was.
    await expect(page).toHaveURL(/\/account\/verification\/personal-data/);
  });

  test(`in the mini app (${language}) a country of residence on the restricted list shows the restriction-region screen`, async ({
    page,
  }) => {
    await atPersonalData(page, language);
    await fillPersonalData(page, 'miniApp', language, {
      firstName: 'Pedro',
      lastName: 'Test',
      dateOfBirth: '1985-06-15',
      country: resultText[language].cuba,
      city: 'La Habana',
      address: 'Calle Obispo 1',
    });
    await expect(page).toHaveURL(/\/restriction-region/);
    await expect(page.getByRole('alert').getByRole('heading', { name: resultText[language].restricted })).toBeVisible();
  });
}

test('the mini app’s deep link verification-p2p-merchant opens the P2P merchant level with its four steps', async ({
  page,
}) => {
  await recordTelegramEvents(page);
  await page.goto(miniAppUrl('/', { userId: newUserId(), startParam: 'verification-p2p-merchant' }));
  await expect(page).toHaveURL(/\/account\/verification\/p2p-merchant/);
  await expect(page.getByRole('heading', { level: 1, name: 'P2P merchant' })).toBeVisible();
  const steps = page.getByRole('listitem');
  await expect(steps).toHaveText([/Phone number/, /Personal data/, /Passport/, /Proof of address/]);
  await expect(steps.first()).toContainText('Not started');
});

test('Account → Verification opens the levels, not the not-found page', async ({ page }) => {
  await recordTelegramEvents(page);
  await page.goto(miniAppUrl('/account', { userId: newUserId() }));
  await page.getByRole('link', { name: 'Verification' }).click();
  await expect(page).toHaveURL(/\/account\/verification$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  for (const level of ['Basic', 'Withdrawals', 'P2C payments', 'P2P merchant', 'P2C merchant', 'Full verification']) {
    await expect(page.getByRole('link', { name: new RegExp(`^${level}`) })).toContainText('Not verified');
  }
});
