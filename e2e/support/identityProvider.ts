import type { Browser } from '@playwright/test';
import { expect } from './test.ts';

export type ProviderDecision = { decision: 'approve'; reason?: string } | { decision: 'reject'; reason: string };

/**
 * Acts as the identity provider's reviewer on the server's local stand-in page
 * (`/local/identity-provider`, local mode), in a browser of their own (not the person's): finds
 * the submission of `userId` on review, checks its file is there to look at, and approves or
 * rejects it. Its accessibility is checked by a test of its own (verification-results.spec.ts).
 */
export async function decideOnLocalProvider(
  browser: Browser,
  origin: string,
  userId: number,
  { decision, reason }: ProviderDecision,
): Promise<void> {
  const context = await browser.newContext({ baseURL: origin, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto('/local/identity-provider');
    await expect(page.getByRole('heading', { name: 'Identity provider (local)' })).toBeVisible();
    const submission = page.locator('article').filter({ hasText: new RegExp(`User ${userId} `) });
    await expect(submission).toHaveCount(1);
    // The reviewer sees the person's file: its preview loads from the stand-in.
    const preview = submission.getByRole('img');
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    if (reason !== undefined) await submission.getByLabel(/^Reason/).fill(reason);
    await submission.getByRole('button', { name: decision === 'approve' ? 'Approve' : 'Reject' }).click();
    await expect(page.getByRole('heading', { name: 'Identity provider (local)' })).toBeVisible();
    await expect(page.locator('article').filter({ hasText: new RegExp(`User ${userId} `) })).toHaveCount(0);
  } finally {
    await context.close();
  }
}
