import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/** A code the local stand-in shop issued: its id and the link its QR code carries. */
export interface ShopCode {
  readonly id: string;
  readonly link: string;
}

/** The shop (`/local/shop`, English) issues a code for `roubles`; the page stays on the code. */
export async function issueShopCode(page: Page, roubles: string, origin = ''): Promise<ShopCode> {
  await page.goto(`${origin}/local/shop`);
  await page.getByLabel('Amount, RUB').fill(roubles);
  await page.getByRole('button', { name: 'Issue a QR code' }).click();
  await expect(page).toHaveURL(/\/local\/shop\?code=/);
  const link = await page.locator('#link').inputValue();
  const id = /^https:\/\/qr\.nspk\.ru\/([A-Za-z0-9]+)\?/.exec(link)?.[1];
  if (id === undefined) throw new Error(`Not an NSPK link: ${link}`);
  return { id, link };
}

/**
 * The merchant's stand-in bank (`/local/bank`, English) pays the link and hands out the receipt:
 * answers the downloaded PDF's bytes and file name, ready to upload as the payment's check.
 */
export async function payAtLocalBank(
  page: Page,
  link: string,
  origin = '',
): Promise<{ readonly name: string; readonly bytes: Buffer }> {
  await page.goto(`${origin}/local/bank`);
  await page.getByLabel('Payment link').fill(link);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment made' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the receipt (PDF)' }).click();
  const file = await download;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}
