import { signInThroughStandIn } from './support/standIn.ts';
import { expect, test } from './support/test.ts';

// Spec 000 s.2: "A loading spinner shows after 1 s, and a slow-request message after 5 s." The
// server's balance answer is held back for 7 s; the spinner and then the message must appear, and
// both must go once the answer arrives.
test('a slow balance shows the spinner after 1 s and the slow message after 5 s, and neither once it arrives', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInThroughStandIn(page, { firstName: 'Slow' });
  await expect(page.getByText('Total balance')).toBeVisible();

  let heldSince = 0;
  await page.route('**/api/v1/wallet/balance', async (route) => {
    heldSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    await route.continue();
  });
  // A fresh load of the page: no balance on screen until the server answers.
  await page.reload();

  // The shell's indicator, over whatever placeholders the screen shows meanwhile.
  const spinner = page.locator('.shell-loading').getByRole('status', { name: 'Loading', exact: true });
  const slowMessage = page.getByText('This is taking longer than usual. Please wait a little.');
  await expect(spinner).toBeVisible({ timeout: 3_000 });
  expect(Date.now() - heldSince).toBeGreaterThanOrEqual(900);
  await expect(slowMessage).toHaveCount(0);
  await expect(slowMessage).toBeVisible({ timeout: 6_000 });
  expect(Date.now() - heldSince).toBeGreaterThanOrEqual(4_900);

  await expect(page.getByRole('region', { name: 'Total balance' })).toContainText('$0.00', { timeout: 5_000 });
  await expect(spinner).toHaveCount(0);
  await expect(slowMessage).toHaveCount(0);
});
