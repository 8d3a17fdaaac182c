import type { Page, Route } from '@playwright/test';
import { miniAppUrl, recordTelegramEvents } from './support/telegram.ts';
import { expect, test } from './support/test.ts';

/**
 * Dependent round trips before the signed-in mini-app home paints (issue 10: at most 3), counted
 * without any clock: the test holds every request the page sends and lets them through in waves.
 * A wave releases everything the page has asked for so far and waits until all of it has arrived
 * and the page has gone quiet. A request the page could only send after another one arrived lands
 * in a later wave, so the number of waves before the total balance shows is the length of the
 * longest chain of requests the first paint waited for, however fast or slow the machine is.
 */

/** How long the page must send nothing new before a wave counts as over. */
const quietMs = 1_500;
const maxWaves = 8;

class Waves {
  private held: Route[] = [];
  private inFlight = 0;
  private lastActivity = Date.now();
  private holding = true;
  readonly paths: string[][] = [];

  constructor(page: Page) {
    page.on('requestfinished', () => this.settle());
    page.on('requestfailed', () => this.settle());
  }

  hold(route: Route): Promise<void> | undefined {
    if (!this.holding) return route.continue();
    this.held.push(route);
    this.lastActivity = Date.now();
    return undefined;
  }

  /** From now on every request goes through at once, the held ones too. */
  async stopHolding(): Promise<void> {
    this.holding = false;
    const released = this.held;
    this.held = [];
    for (const route of released) await route.continue();
  }

  private settle(): void {
    this.inFlight -= 1;
    this.lastActivity = Date.now();
  }

  /** Waits for the page's first request (the navigation's), which the next wave lets through. */
  async firstRequest(): Promise<void> {
    await expect.poll(() => this.held.length, { timeout: 30_000 }).toBeGreaterThan(0);
  }

  /** Lets every held request through, then waits until they have all arrived and nothing new was asked. */
  async release(): Promise<number> {
    const released = this.held;
    this.held = [];
    this.paths.push(released.map((route) => new URL(route.request().url()).pathname));
    this.inFlight += released.length;
    for (const route of released) await route.continue();
    await expect
      .poll(() => this.inFlight === 0 && Date.now() - this.lastActivity >= quietMs, { timeout: 30_000 })
      .toBe(true);
    return released.length;
  }
}

test('the signed-in mini-app home shows the balance after at most 3 dependent round trips', async ({ page }) => {
  test.setTimeout(120_000);
  await recordTelegramEvents(page);
  const waves = new Waves(page);
  await page.route('**/*', (route) => waves.hold(route));
  const total = page.getByRole('region', { name: 'Total balance' });

  const navigation = page.goto(miniAppUrl('/', { userId: 777_000_610 }), { waitUntil: 'commit' });
  let wavesBeforePaint = 0;
  await waves.firstRequest();
  for (let wave = 1; wave <= maxWaves; wave += 1) {
    await waves.release();
    if (wave === 1) await navigation;
    if ((await total.getByText('$0.00').count()) > 0) {
      wavesBeforePaint = wave;
      break;
    }
  }

  const trail = waves.paths.map((paths, index) => `${index + 1}: ${paths.join(' ')}`).join('\n');
  test.info().annotations.push({ type: 'waves', description: trail });
  expect(wavesBeforePaint, `waves before the balance showed:\n${trail}`).toBeGreaterThan(0);
  expect(wavesBeforePaint, `waves before the balance showed:\n${trail}`).toBeLessThanOrEqual(3);
  // The balance came with the sign-in's answer: the home did not ask for it before it showed it.
  expect(waves.paths.flat()).not.toContain('/api/v1/wallet/balance');
  // The rest of the page loads as usual (the accessibility check reads the finished page).
  await waves.stopHolding();
  await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
});
