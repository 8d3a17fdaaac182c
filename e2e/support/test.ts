import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

/**
 * Every spec imports `test` and `expect` from here instead of `@playwright/test`: the same
 * Playwright test, plus an accessibility check (axe, WCAG 2.x A and AA rules) of every page state
 * a test reaches. A page is checked before each `page.goto` leaves it and once more when the test
 * ends, so no screen a test visits goes unchecked. Violations of serious or critical impact fail
 * the test, listed with the rule, the page and the offending elements.
 *
 * `checkAccessibility(page)` checks the current state on demand (a sheet, a step that a click
 * opened and the next click closes).
 */

const blockingImpacts = new Set(['serious', 'critical']);

export interface AccessibilityProblem {
  readonly rule: string;
  readonly impact: string;
  readonly url: string;
  readonly help: string;
  readonly targets: readonly string[];
}

/**
 * Waits for transitions and entrance animations to end (not endless ones, like a spinner's): axe
 * measures colours as drawn, and half-faded text is not the colour the screen settles on.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

/** What axe finds on the page as it is now, serious and critical only. */
export async function accessibilityProblems(page: Page): Promise<AccessibilityProblem[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact != null && blockingImpacts.has(violation.impact))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      url: page.url(),
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
    }));
}

/** Pages with nothing of ours on them yet, or already gone. */
function isCheckable(page: Page): boolean {
  if (page.isClosed()) return false;
  const url = page.url();
  return url.startsWith('http://') || url.startsWith('https://');
}

/**
 * Checks the page as it is now and fails with every serious or critical violation. A page that
 * navigates under the check (a redirect still settling) is waited for and checked once more.
 */
export async function checkAccessibility(page: Page): Promise<void> {
  if (!isCheckable(page)) return;
  let problems: AccessibilityProblem[];
  try {
    problems = await accessibilityProblems(page);
  } catch {
    if (!isCheckable(page)) return;
    await page.waitForLoadState('load');
    problems = await accessibilityProblems(page);
  }
  expect(problems, `accessibility problems on ${page.url()}`).toEqual([]);
}

/** Wraps `page.goto` so that the state being left is checked first. */
function checkBeforeLeaving(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    await checkAccessibility(page);
    return goto(url, options);
  };
}

function testPassedSoFar(testInfo: TestInfo): boolean {
  return testInfo.status === testInfo.expectedStatus && testInfo.expectedStatus === 'passed';
}

export const test = base.extend<{ accessibilityCheck: undefined }>({
  context: async ({ context }, use) => {
    for (const page of context.pages()) checkBeforeLeaving(page);
    context.on('page', checkBeforeLeaving);
    await use(context);
  },
  accessibilityCheck: [
    async ({ context }, use, testInfo) => {
      await use(undefined);
      // A failed test has said what went wrong already; its last screen is not the one it meant.
      if (!testPassedSoFar(testInfo)) return;
      for (const page of context.pages()) await checkAccessibility(page);
    },
    { auto: true },
  ],
});

export { expect };
