import { expect, type Page, test } from '@playwright/test';
import { botLink, emailCode } from './support/mailbox.ts';
import { OwnServer } from './support/ownServer.ts';
import { signInThroughStandIn } from './support/standIn.ts';

// One journey on a server of its own, because part of it is a server restart. It runs in the
// desktop project only (playwright.config.ts): on a phone it would repeat the same journey.
test.describe.configure({ mode: 'serial' });

const server = new OwnServer(Number(process.env.E2E_PORT ?? 8199) + 37);

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

async function enterDigits(page: Page, digits: string): Promise<void> {
  const keypad = page.getByRole('group', { name: /keypad/i });
  for (const digit of digits) await keypad.getByRole('button', { name: digit, exact: true }).click();
}

test('a passcode is set with e-mail and bot confirmation, confirms, locks out across a restart and is restored by e-mail', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `olga.${Date.now()}@example.com`;
  let userId = 0;

  await test.step('sign in and set a passcode, confirming the backup e-mail with its code', async () => {
    await signInThroughStandIn(page, { firstName: 'Olga' }, server.origin);
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    userId = (await (await page.request.get(`${server.origin}/api/v1/user/settings`)).json()).id;

    await page.goto(`${server.origin}/account/security`);
    await page.getByRole('link', { name: 'Set passcode' }).click();
    await expect(page.getByRole('heading', { name: 'Create a passcode' })).toBeVisible();
    await enterDigits(page, '1234');
    await expect(page.getByRole('heading', { name: 'Repeat the passcode' })).toBeVisible();
    await enterDigits(page, '1234');

    await expect(page.getByRole('heading', { name: 'Add a backup e-mail' })).toBeVisible();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
    await page.getByLabel('Code from the e-mail').fill(await emailCode(page, server.origin, email));
  });

  await test.step('the passcode turns on only after the bot message is confirmed', async () => {
    await expect(page.getByRole('heading', { name: 'Confirm in the bot' })).toBeVisible();
    const security = await (await page.request.get(`${server.origin}/api/v1/security?deviceId=e2e`)).json();
    expect(security).toMatchObject({ passCode: false, passCodePending: true });

    const link = await botLink(page, server.origin, userId);
    const bot = await page.context().newPage();
    await bot.goto(link);
    await bot.getByRole('button', { name: 'Confirm passcode' }).click();
    await expect(bot.getByRole('heading', { name: 'Passcode confirmed' })).toBeVisible();
    await bot.close();

    await expect(page.getByRole('heading', { name: 'Passcode is on' })).toBeVisible({ timeout: 15_000 });
  });

  await test.step('an operation is confirmed with the passcode', async () => {
    await page.goto(`${server.origin}/passcode/order42hash`);
    await expect(page.getByRole('heading', { name: 'Enter your passcode' })).toBeVisible();
    await enterDigits(page, '1234');
    await expect(page.getByRole('heading', { name: 'Confirmed' })).toBeVisible();
  });

  await test.step('five wrong passcodes lock the keypad with a countdown that survives a reload and a restart', async () => {
    await page.goto(`${server.origin}/passcode/order43hash`);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(
        page.getByRole('group', { name: /keypad/i }).getByRole('button', { name: '0', exact: true }),
      ).toBeEnabled();
      await enterDigits(page, '0000');
    }
    const lockedText = page.getByText('Too many wrong attempts. Entry is paused, try again in');
    await expect(lockedText).toBeVisible();
    await expect(page.getByText(/00:0[01]:\d\d/)).toBeVisible();

    await page.reload();
    await expect(lockedText).toBeVisible();

    await server.stop();
    await server.start();
    await page.reload();
    await expect(lockedText).toBeVisible();
    await expect(page.getByText(/00:0[01]:\d\d/)).toBeVisible();
  });

  await test.step('the forgotten passcode is restored through the e-mail, which also lifts the lock', async () => {
    await page.getByRole('link', { name: 'Forgot passcode?' }).click();
    await expect(page.getByRole('heading', { name: 'Enter the code from the e-mail' })).toBeVisible();
    await page.getByLabel('Code from the e-mail').fill(await emailCode(page, server.origin, email));
    await expect(page.getByRole('heading', { name: 'Create a new passcode' })).toBeVisible();
    await enterDigits(page, '5678');
    await expect(page.getByRole('heading', { name: 'Repeat the new passcode' })).toBeVisible();
    await enterDigits(page, '5678');
    await expect(page.getByRole('heading', { name: 'Passcode changed' })).toBeVisible();

    await page.goto(`${server.origin}/passcode/order44hash`);
    await enterDigits(page, '5678');
    await expect(page.getByRole('heading', { name: 'Confirmed' })).toBeVisible();
  });
});
