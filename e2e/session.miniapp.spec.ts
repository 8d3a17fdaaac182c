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

/**
 * The screen's own heading is up, every request has settled, and neither the sign-in prompt nor a
 * failed sign-in ("Couldn’t sign you in…") shows instead of the route's screen.
 */
async function isSignedOut(page: Page): Promise<boolean> {
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const prompts = await page.getByRole('button', { name: 'Sign in with Telegram' }).count();
  const failures = await page.getByRole('heading', { name: /sign you in/i }).count();
  return prompts + failures > 0;
}

/**
 * One person per route and project, so the run stays within the per-account sign-in limit (30 a
 * minute, which no person reloading by hand reaches) and never spends another test's allowance.
 */
function personFor(projectName: string, routeIndex: number): number {
  return 777_100_000 + (projectName === 'desktop' ? 1000 : 0) + routeIndex;
}

test('a reload on every signed-in route keeps the session (27 reloads, no sign-out)', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await recordTelegramEvents(page);
  let signIns = 0;
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/v1/authentication/webapp')) signIns += 1;
  });
  const signedOutAfter: string[] = [];
  let reloads = 0;
  for (const [routeIndex, path] of signedInRoutes.entries()) {
    await page.goto(miniAppUrl(path, { userId: personFor(testInfo.project.name, routeIndex) }));
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
