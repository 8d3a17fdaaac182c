import { miniAppUrl, recordTelegramEvents } from './support/telegram.ts';
import { expect, test } from './support/test.ts';

// Pictures of the shell for a person to look at, in every theme and language
// (git-ignored: e2e/artifacts/). They assert only that the screen has painted.
const themes = ['light', 'dark'] as const;
const locales = [
  { tag: 'en', browser: 'en-US', button: 'Sign in with Telegram', home: 'Wallet' },
  { tag: 'ru', browser: 'ru-RU', button: 'Войти через Telegram', home: 'Кошелёк' },
] as const;

for (const theme of themes) {
  for (const locale of locales) {
    test.describe(`in ${theme} theme and ${locale.tag}`, () => {
      test.use({ colorScheme: theme, locale: locale.browser });

      test('the web sign-in prompt and not-found page are captured', async ({ page }, testInfo) => {
        await page.goto('/');
        await expect(page.getByRole('button', { name: locale.button })).toBeVisible();
        await page.screenshot({
          path: `e2e/artifacts/screenshots/${testInfo.project.name}-web-${theme}-${locale.tag}.png`,
        });
        await page.goto('/no/such/page');
        await expect(page.getByRole('heading')).toBeVisible();
        await page.screenshot({
          path: `e2e/artifacts/screenshots/${testInfo.project.name}-web-not-found-${theme}-${locale.tag}.png`,
        });
      });

      test('the signed-in mini app home is captured', async ({ page }, testInfo) => {
        await recordTelegramEvents(page);
        // A user of their own per language: the first sign-in takes the messenger's language.
        await page.goto(
          miniAppUrl('/', { theme, languageCode: locale.tag, userId: locale.tag === 'ru' ? 777000301 : 777000302 }),
        );
        await expect(page.getByRole('heading', { level: 1, name: locale.home })).toBeVisible();
        await page.screenshot({
          path: `e2e/artifacts/screenshots/${testInfo.project.name}-miniapp-${theme}-${locale.tag}.png`,
        });
      });
    });
  }
}
