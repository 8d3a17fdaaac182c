import type { Page } from '@playwright/test';
import { signedContact } from './support/auth.ts';
import { expectMainAction, pressMainAction, type Surface } from './support/screenActions.ts';
import { signInThroughStandIn } from './support/standIn.ts';
import { lastTelegramEvent, miniAppUrl, recordTelegramEvents, sendTelegramEvent } from './support/telegram.ts';
import { type AccessibilityProblem, accessibilityProblems, expect, test } from './support/test.ts';
import {
  fillPersonalData,
  type Language,
  newTelegramUserId,
  sharePhoneThroughBot,
  signedInUserId,
  verificationText,
} from './support/verification.ts';

// Issue 11: what the personal data can give besides a pass (a 17-year-old: UNDER_18; a country
// on the restricted list: RESTRICTED_REGION and its screen), and where the deep link
// `verification-{flow}` and Account → Verification lead.

// A step that does not come fails in 10 s, not at the test's end.
test.use({ actionTimeout: 10_000 });

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

/** A new person with a verified phone, on the personal-data form of the basic level. */
async function atPersonalData(page: Page, surface: Surface, language: Language): Promise<void> {
  if (surface === 'miniApp') {
    const userId = newTelegramUserId();
    const contact = signedContact({ user_id: userId, phone_number: '491701234567', first_name: 'Anna' });
    await recordTelegramEvents(page, { contact: { response: contact } });
    await page.goto(miniAppUrl('/account/verification/basic', { userId, languageCode: language }));
    await pressMainAction(page, 'miniApp', verificationText[language].sharePhone);
  } else {
    await signInThroughStandIn(page, { firstName: 'Mia', language });
    await signedInUserId(page);
    await page.goto('/account/verification/basic');
    await sharePhoneThroughBot(page, language);
  }
  await pressMainAction(page, surface, verificationText[language].fillPersonalData);
  await expect(page).toHaveURL(/\/account\/verification\/personal-data/);
}

const surfaceName: Record<Surface, string> = { miniApp: 'in the mini app', web: 'on the web' };

for (const surface of ['miniApp', 'web'] as const) {
  for (const language of ['en', 'ru'] as const) {
    test(`${surfaceName[surface]} (${language}) a 17-year-old’s date of birth shows the under-18 result`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await atPersonalData(page, surface, language);
      await fillPersonalData(page, surface, language, {
        firstName: 'Mia',
        lastName: 'Young',
        dateOfBirth: seventeenYearsOld(),
        country: resultText[language].germany,
        city: 'Berlin',
        address: 'Unter den Linden 1',
      });
      await expect(page.getByRole('alert').getByRole('heading', { name: resultText[language].underAge })).toBeVisible();
      // Nothing was verified: the person is still on the form's route.
      await expect(page).toHaveURL(/\/account\/verification\/personal-data/);
    });

    test(`${surfaceName[surface]} (${language}) a country of residence on the restricted list shows the restriction-region screen`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await atPersonalData(page, surface, language);
      await fillPersonalData(page, surface, language, {
        firstName: 'Pedro',
        lastName: 'Test',
        dateOfBirth: '1985-06-15',
        country: resultText[language].cuba,
        city: 'La Habana',
        address: 'Calle Obispo 1',
      });
      await expect(page).toHaveURL(/\/restriction-region/);
      await expect(
        page.getByRole('alert').getByRole('heading', { name: resultText[language].restricted }),
      ).toBeVisible();
    });
  }
}

for (const forged of [
  { what: 'signed for another bot', botToken: '7000000002:another-bot-secret', otherUser: false },
  { what: 'of another Telegram account', botToken: undefined, otherUser: true },
]) {
  test(`in the mini app a contact ${forged.what} is refused: the phone step says so and stays to do`, async ({
    page,
  }) => {
    const userId = newTelegramUserId();
    const contact = signedContact(
      { user_id: forged.otherUser ? userId + 1 : userId, phone_number: '491701234567', first_name: 'Anna' },
      { botToken: forged.botToken },
    );
    await recordTelegramEvents(page, { contact: { response: contact } });
    await page.goto(miniAppUrl('/account/verification/basic', { userId }));
    await pressMainAction(page, 'miniApp', 'Share phone number');
    await expect(page.getByRole('alert')).toHaveText(
      'This isn’t your Telegram number. Share the number of this account.',
    );
    await page.goto(miniAppUrl('/account/verification', { userId }));
    await expect(page.getByRole('link', { name: /^Basic/ })).toContainText('Not verified');
    await expect(page.getByRole('main')).toContainText(/Status\s*Phone\s*Not verified/);
  });
}

test('the mini app’s deep link verification-p2p-merchant opens the P2P merchant level with its four steps; Telegram’s back goes to the levels', async ({
  page,
}) => {
  await recordTelegramEvents(page);
  await page.goto(miniAppUrl('/', { userId: newTelegramUserId(), startParam: 'verification-p2p-merchant' }));
  await expect(page).toHaveURL(/\/account\/verification\/p2p-merchant/);
  await expect(page.getByRole('heading', { level: 1, name: 'P2P merchant' })).toBeVisible();
  const steps = page.getByRole('listitem');
  await expect(steps).toHaveText([/Phone number/, /Personal data/, /Passport/, /Proof of address/]);
  await expect(steps.first()).toContainText('Not started');
  await expectMainAction(page, 'miniApp', 'Share phone number');
  await expect
    .poll(async () => Reflect.get(Object(await lastTelegramEvent(page, 'web_app_setup_back_button')), 'is_visible'))
    .toBe(true);
  await sendTelegramEvent(page, 'back_button_pressed');
  await expect(page).toHaveURL(/\/account\/verification$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification' })).toBeVisible();
});

test('Account → Verification opens the levels, not the not-found page', async ({ page }) => {
  await recordTelegramEvents(page);
  await page.goto(miniAppUrl('/account', { userId: newTelegramUserId() }));
  await page.getByRole('link', { name: 'Verification' }).click();
  await expect(page).toHaveURL(/\/account\/verification$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  for (const level of ['Basic', 'Withdrawals', 'P2C payments', 'P2P merchant', 'P2C merchant', 'Full verification']) {
    await expect(page.getByRole('link', { name: new RegExp(`^${level}`) })).toContainText('Not verified');
  }
});

// The stand-ins a person uses in local mode instead of Telegram's bot, the identity provider and
// the operator console are screens too; the journeys leave them before the end-of-test check.
test('the local stand-ins for the bot, the identity provider and the operator have no serious accessibility problems', async ({
  page,
  context,
}) => {
  await signInThroughStandIn(page, { firstName: 'Axel' });
  const userId = await signedInUserId(page);
  // Each in a tab of its own, every page's problems gathered, so one run names them all.
  const standIns = [
    { path: '/local/verification/phone', heading: /Share your phone number with @/ },
    { path: `/local/operator?user_id=${userId}`, heading: 'Compliance operator (local)' },
    { path: '/local/identity-provider', heading: 'Identity provider (local)' },
  ];
  const problems: AccessibilityProblem[] = [];
  for (const { path, heading } of standIns) {
    const tab = await context.newPage();
    await tab.goto(path);
    await expect(tab.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    problems.push(...(await accessibilityProblems(tab)));
    await tab.close();
  }
  expect(problems).toEqual([]);
});
