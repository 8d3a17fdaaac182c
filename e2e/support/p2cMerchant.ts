import type { Browser } from '@playwright/test';
import * as z from 'zod/mini';
import type { MarketUser } from './marketUser.ts';
import { expect } from './test.ts';
import { bankStatementImage } from './verification.ts';

/** A merchant's active payment account (a Sberbank card): its id and the card's last four digits. */
export interface ActiveP2cAccount {
  readonly id: number;
  readonly last4: string;
}

/**
 * A Mir card number no other account has (2200, random digits, the Luhn check digit by the
 * textbook rule: double every second digit from the right): one card belongs to one merchant.
 */
function freshCardNumber(): string {
  const body = `2200${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`;
  let sum = 0;
  [...body].reverse().forEach((char, index) => {
    const doubled = index % 2 === 0 ? Number(char) * 2 : Number(char);
    sum += doubled > 9 ? doubled - 9 : doubled;
  });
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * A P2C merchant ready to take payments (`can_accept_p2c_order`): the `p2c-merchant` verification
 * level, then a Sberbank card added through the API with a bank statement, sent for review and
 * approved by support on the local stand-in page (`/local/operator/p2c-accounts`, English).
 */
export async function becomeP2cMerchant(
  browser: Browser,
  origin: string,
  merchant: MarketUser,
): Promise<ActiveP2cAccount> {
  await merchant.verifyP2cMerchant(browser);
  const accountView = z.object({ id: z.number(), status: z.string(), number: z.string() });
  const number = freshCardNumber();
  const account = await merchant.post(
    '/p2c/accounts',
    { kind: 'card', bank_id: 'sber', number, holder_name: 'ANNA TEST' },
    accountView,
  );
  await merchant.upload(
    `/p2c/accounts/${account.id}/documents`,
    { name: 'card-statement.jpg', mimeType: 'image/jpeg', buffer: bankStatementImage },
    z.unknown(),
  );
  await merchant.post(`/p2c/accounts/${account.id}/submit`, {}, z.unknown());

  const support = await browser.newContext({ baseURL: origin, locale: 'en-US' });
  try {
    const page = await support.newPage();
    await page.goto(`/local/operator/p2c-accounts?account_id=${account.id}`);
    await expect(page.getByRole('heading', { name: `Account #${account.id} · Submitted` })).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: `Account #${account.id} · Active` })).toBeVisible();
  } finally {
    await support.close();
  }
  const active = await merchant.get(`/p2c/accounts/${account.id}`, accountView);
  expect(active.status).toBe('active');
  return { id: account.id, last4: number.slice(-4) };
}
