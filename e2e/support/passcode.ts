import { expect, type Page } from '@playwright/test';
import { botLink, emailCode } from './mailbox.ts';

/**
 * Gives the signed-in person of `page` a backup e-mail and an active passcode through the API and
 * the bot confirmation link, as the set-passcode screens would (those screens have their own
 * journey in passcode.spec.ts).
 */
export async function setPasscodeThroughApi(page: Page, origin: string, passcode: string): Promise<void> {
  const api = `${origin}/api/v1`;
  const json = { 'x-requested-with': 'XMLHttpRequest' };
  const userId: number = (await (await page.request.get(`${api}/user/settings`)).json()).id;
  const email = `wallet.${userId}.${Date.now()}@example.com`;

  const verify = await page.request.post(`${api}/user/verify-email`, { data: { email }, headers: json });
  expect(verify.status()).toBe(200);
  const { id } = await verify.json();
  const confirm = await page.request.post(`${api}/user/confirm-email`, {
    data: { id, code: await emailCode(page, origin, email) },
    headers: json,
  });
  expect(confirm.status()).toBe(200);

  const set = await page.request.post(`${api}/security/pass-code`, { data: { code: passcode }, headers: json });
  expect(set.status()).toBe(200);
  const token = new URL(await botLink(page, origin, userId)).searchParams.get('token') ?? '';
  const activate = await page.request.post(`${origin}/confirm/pass-code`, { form: { token } });
  expect(activate.status()).toBe(200);
}
