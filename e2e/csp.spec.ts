import type { Page } from '@playwright/test';
import { signInThroughStandIn } from './support/standIn.ts';
import { miniAppUrl, recordTelegramEvents } from './support/telegram.ts';
import { expect, test } from './support/test.ts';

/** Collects every Content-Security-Policy violation the page reports, from its first script on. */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { __cspViolations: violations });
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () =>
    page.evaluate(() => {
      const recorded: unknown = Reflect.get(window, '__cspViolations');
      return Array.isArray(recorded) ? recorded.map(String) : [];
    });
}

const screens = ['/', '/wallet/deposit/TON/TON', '/wallet/withdraw', '/account', '/account/security'];

test('the mini app runs under its Content-Security-Policy without a single violation', async ({ page }) => {
  await recordTelegramEvents(page);
  const violations = await recordCspViolations(page);
  for (const path of screens) {
    await page.goto(miniAppUrl(path, { userId: 777_000_901 }));
    await expect(page.locator('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
  }
});

test('the web wallet runs under its Content-Security-Policy without a single violation', async ({ page }) => {
  const violations = await recordCspViolations(page);
  await signInThroughStandIn(page, { firstName: 'Csp' });
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  for (const path of screens) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
  }
});
