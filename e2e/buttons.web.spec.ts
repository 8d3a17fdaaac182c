import { signInThroughStandIn } from './support/standIn.ts';
import { expect, test } from './support/test.ts';

// Issue 9 on the web: the same actions are our own buttons, "‹ Back" in the header, and the
// browser's back goes one step back in the app.

test('the header’s Back and the browser’s back go one step back; a screen opened directly goes back to its parent', async ({
  page,
}) => {
  await signInThroughStandIn(page, { firstName: 'Boris' });
  await expect(page.getByText('Total balance')).toBeVisible();
  const header = page.getByRole('banner');
  // Home is the root: no way back.
  await expect(header.getByRole('button', { name: 'Back' })).toHaveCount(0);

  await header.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: /Time zone/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Time zone' })).toBeVisible();

  await header.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/account\/settings$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  // Forward still holds the settings: back went back, it did not add a page.
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Opened from outside (a new tab, a link): back goes to the screen's parent.
  await page.goto('/account/address-book');
  await header.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('the screen’s main action is our own button at the bottom, and the e-mail change returns to Security', async ({
  page,
}) => {
  await signInThroughStandIn(page, { firstName: 'Clara' });
  await expect(page.getByText('Total balance')).toBeVisible();
  await page.goto('/account/security');
  await page.getByRole('link', { name: 'Add e-mail' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Backup e-mail' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Send code' });
  await expect(send).toBeVisible();
  // At the bottom of the screen, in view without scrolling.
  const box = await send.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport ? box.y + box.height : 0).toBeGreaterThan((viewport?.height ?? 0) - 120);
  await page.getByRole('banner').getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
});
