import { miniAppUrl } from './support/telegram.ts';
import { expect, test } from './support/test.ts';

// index.html paints the launch screen from the HTML alone (its styles and the inline start are in
// the page, scripts/vite/firstPaint.ts), then starts the app's stylesheets; the app renders once
// they are there. docs/performance.md, "The launch screen from the HTML alone".

test.describe('the launch screen paints from the HTML alone', () => {
  test.use({ locale: 'ru-RU' });

  test('in the reader’s language and styled, with every script and stylesheet of the app held back', async ({
    page,
  }) => {
    await page.route('**/assets/**', () => {
      // Never answered: the launch screen must not need any of them.
    });
    await page.goto('/', { waitUntil: 'commit' });

    const tagline = page.getByText('Кошелёк для криптовалюты и денег прямо в Telegram.');
    await expect(tagline).toBeVisible();
    await expect(page.getByText('Your crypto and money wallet, right in Telegram.')).toBeHidden();
    await expect(tagline).toHaveCSS('font-size', '17px');
    await expect(page.locator('.launch-screen-name')).toHaveCSS('font-weight', '700');
  });

  test('in the mini-app user’s language, from the launch parameters', async ({ page }) => {
    await page.route('**/assets/**', () => {});
    await page.goto(miniAppUrl('/', { userId: 777_000_951, languageCode: 'en' }), { waitUntil: 'commit' });

    await expect(page.getByText('Your crypto and money wallet, right in Telegram.')).toBeVisible();
    await expect(page.getByText('Кошелёк для криптовалюты и денег прямо в Telegram.')).toBeHidden();
  });

  test('the app replaces it only once its stylesheets have arrived', async ({ page }) => {
    let releaseStylesheets: () => void = () => {};
    const stylesheetsHeld = new Promise<void>((release) => {
      releaseStylesheets = release;
    });
    // The stylesheets index.html starts (a route's own are awaited by its chunk's loader anyway).
    const html = await (await page.request.get('/')).text();
    const started = [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((match) => match[1]);
    expect(started.length).toBeGreaterThan(0);
    await page.route(
      (url) => started.includes(url.pathname),
      async (route) => {
        await stylesheetsHeld;
        await route.continue();
      },
    );
    const entryArrived = page.waitForResponse((response) => /\/assets\/index-[^/]+\.js$/.test(response.url()));
    // Not "load": the page's load event waits for the held stylesheets.
    await page.goto('/', { waitUntil: 'commit' });
    await entryArrived;

    // Time enough for the app, had it not waited, to have rendered (it does within a second here).
    await page.waitForTimeout(2_000);
    await expect(page.locator('.launch-screen')).toBeVisible();
    await expect(page.locator('.session-prompt')).toHaveCount(0);
    releaseStylesheets();
    await expect(page.getByRole('button', { name: 'Войти через Telegram' })).toBeVisible();
    await expect(page.locator('.launch-screen')).toHaveCount(0);
  });
});
