import type { Page } from '@playwright/test';
import { miniAppUrl, recordTelegramEvents } from './support/telegram.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 9, item 1: reloading (or reopening) the mini app signs in again from the init data, and
 * that sign-in replaces the session the page's cookie held. Requests the page sent before the
 * new session existed may come back 401 (the server deleted their session); none of them may
 * sign the person out (api/http.ts, session generations).
 */

const signedInRoutes = [
  '/',
  '/account',
  '/account/address-book',
  '/account/security',
  '/account/settings',
  '/account/settings/time-zone',
  '/account/settings/local-currency',
  '/wallet/deposit',
  '/wallet/withdraw',
] as const;

const reloadsPerRoute = 3;

/** The screen's own heading is up, every request has settled, and no sign-in prompt shows. */
async function isSignedOut(page: Page): Promise<boolean> {
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return (await page.getByRole('button', { name: 'Sign in with Telegram' }).count()) > 0;
}

test('a reload on every signed-in route keeps the session (27 reloads, no sign-out)', async ({ page }) => {
  test.setTimeout(240_000);
  await recordTelegramEvents(page);
  let signIns = 0;
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/v1/authentication/webapp')) signIns += 1;
  });
  const signedOutAfter: string[] = [];
  let reloads = 0;
  for (const path of signedInRoutes) {
    await page.goto(miniAppUrl(path));
    if (await isSignedOut(page)) signedOutAfter.push(`opening ${path}`);
    for (let attempt = 0; attempt < reloadsPerRoute; attempt += 1) {
      await page.reload();
      reloads += 1;
      if (await isSignedOut(page)) signedOutAfter.push(`reload ${attempt + 1} of ${path}`);
    }
  }
  expect(reloads).toBe(27);
  // Every opening and every reload signed in again from the init data.
  expect(signIns).toBe(36);
  expect(signedOutAfter).toEqual([]);
});
