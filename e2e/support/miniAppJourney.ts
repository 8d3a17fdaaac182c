import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { miniAppUrl, recordTelegramEvents, sendTelegramEvent, telegramThemes } from './telegram.ts';

/** The languages the journeys run in (the app's two). */
export type JourneyLanguage = 'en' | 'ru';

/**
 * Launches the mini app afresh at `path` for the person with Telegram id `telegramId`, as
 * Telegram does. The blank page first: going to the URL the page already shows changes only its
 * hash, which reloads nothing, so the screen would keep what it had read before.
 */
export async function openMiniApp(
  page: Page,
  person: { readonly telegramId: number },
  language: JourneyLanguage,
  path: string,
): Promise<void> {
  await page.goto('about:blank');
  await page.goto(miniAppUrl(path, { userId: person.telegramId, languageCode: language }));
}

/** A person's own browser, recording what the app tells Telegram. */
export async function browserOf(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await recordTelegramEvents(page);
  return { context, page };
}

/**
 * Pictures at 320 px, light and dark, for a person to look at (they assert nothing), saved as
 * `{folder}/{name}-{language}-{theme}.png` and taken only with E2E_SHOTS set. Telegram's theme
 * change is sent as its clients do.
 */
export function picturesInto(folder: string): (page: Page, name: string, language: JourneyLanguage) => Promise<void> {
  return async (page, name, language) => {
    if (!process.env.E2E_SHOTS) return;
    mkdirSync(folder, { recursive: true });
    const size = page.viewportSize();
    await page.setViewportSize({ width: 320, height: 640 });
    for (const theme of ['light', 'dark'] as const) {
      await sendTelegramEvent(page, 'theme_changed', { theme_params: telegramThemes[theme] });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${folder}/${name}-${language}-${theme}.png`, fullPage: true });
    }
    await sendTelegramEvent(page, 'theme_changed', { theme_params: telegramThemes.light });
    if (size !== null) await page.setViewportSize(size);
  };
}
