import { eventTypes, miniAppUrl, recordTelegramEvents, sendTelegramEvent } from './support/telegram.ts';
import { expect, test } from './support/test.ts';

// Spec 000 s.2: "/qr-pay shows the same page" as home; in the mini app home offers Scan, which
// opens Telegram's scanner; a scanned wallet address opens withdraw with it (docs/scan.md).
const tonAddress = 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI';

test('/qr-pay shows home with Scan, and a scanned address opens withdraw with only what can go there', async ({
  page,
}) => {
  await recordTelegramEvents(page);
  await page.goto(miniAppUrl('/qr-pay?id=abc123', { userId: 777000501 }));
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeAttached();
  const actions = page.getByRole('navigation', { name: 'Wallet actions' });
  await expect(actions.getByRole('link', { name: 'Deposit' })).toBeVisible();
  await expect(actions.getByRole('link', { name: 'Withdraw' })).toBeVisible();
  await actions.getByRole('button', { name: 'Scan' }).click();
  await expect.poll(() => eventTypes(page)).toContain('web_app_open_scan_qr_popup');

  await sendTelegramEvent(page, 'qr_text_received', { data: `ton://transfer/${tonAddress}?amount=1` });
  await expect(page).toHaveURL(new RegExp(`/wallet/withdraw\\?address=${tonAddress}$`));
  // Only assets that go over TON: Toncoin is offered, Bitcoin is not.
  await expect(page.getByRole('button', { name: /Toncoin/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Bitcoin/ })).toHaveCount(0);
});
