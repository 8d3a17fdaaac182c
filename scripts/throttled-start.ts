// npm run throttled-start: how soon the real page starts, in Chromium on a throttled link.
//
//   APP_DIRS=/tmp/old/app,/tmp/new/app RUNS=5 npm run throttled-start
//
// Lighthouse's LCP is a simulation (docs/performance.md); this measures the page itself, to show
// that a change which moves the simulation does not make the real page slower. For each build
// (served by its own local server, as lighthouse.ts serves it) it loads the signed-out web home and
// the signed-in mini-app home RUNS times, the builds taking turns run by run, each load in a fresh
// context (empty cache) with Lighthouse's mobile throttling applied by DevTools: 150 ms added to
// every request, 1.6 Mbit/s down, 750 kbit/s up, the CPU 4× slower. It prints the median and every
// run of: when the HTML had arrived, the first paint and the largest one (the browser's own
// entries), when the early start's script and the app's entry were requested, when the app's
// first render replaced the launch screen (the sign-in button, or the home, works from then on),
// and in the mini app when the balance was drawn. Times in ms from the start of the navigation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import * as z from 'zod/mini';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.ts';
import { miniAppUrl } from '../e2e/support/telegram.ts';
import { median } from './bench/stats.ts';
import { freePort } from './free-port.ts';
import { seedMiniAppUser, startLocalServer, stopLocalServer } from './local-server.ts';

const appDirs = (process.env.APP_DIRS ?? 'dist/app').split(',').map((dir) => resolve(dir));
const runs = Number(process.env.RUNS ?? '5');
const miniAppUserId = 777_000_011;

/** Lighthouse's mobile throttling (its "slow 4G"), applied to the real page by DevTools. */
const throttling = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuSlowdown: 4,
};

/** Recorded in the page from its first byte: paint entries and when the launch screen left. */
function recordStart(): void {
  const marks: Record<string, number> = {};
  Object.assign(window, { __startMarks: marks });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  let launchScreenSeen = false;
  new MutationObserver(() => {
    const launchScreen = document.querySelector('.launch-screen') !== null;
    if (launchScreen) launchScreenSeen = true;
    else if (launchScreenSeen && marks.appRender === undefined) marks.appRender = performance.now();
    if (marks.balance === undefined && document.querySelector('.home-total-amount') !== null)
      marks.balance = performance.now();
  }).observe(document, { childList: true, subtree: true });
}

const pageMarks = z.object({
  fcp: z.optional(z.number()),
  lcp: z.optional(z.number()),
  appRender: z.optional(z.number()),
  balance: z.optional(z.number()),
  htmlArrived: z.optional(z.number()),
  earlyStartRequested: z.optional(z.number()),
  entryRequested: z.optional(z.number()),
});
type Marks = z.infer<typeof pageMarks>;

async function marksOf(page: Page): Promise<Marks> {
  const read: unknown = await page.evaluate(() => {
    const requested = (file: RegExp) =>
      Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => file.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime),
      );
    const navigation = performance
      .getEntriesByType('navigation')
      .find((entry) => entry instanceof PerformanceNavigationTiming);
    return {
      ...Reflect.get(window, '__startMarks'),
      htmlArrived: navigation?.responseEnd,
      earlyStartRequested: requested(/^\/assets\/earlyStart-[^/]+\.js$/),
      entryRequested: requested(/^\/assets\/index-[^/]+\.js$/),
    };
  });
  return z.parse(pageMarks, read);
}

async function load(browser: Browser, url: string, waitFor: string): Promise<Marks> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttling.latency,
      downloadThroughput: throttling.downloadThroughput,
      uploadThroughput: throttling.uploadThroughput,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuSlowdown });
    await page.addInitScript(recordStart);
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator(waitFor).first().waitFor({ timeout: 60_000 });
    // The largest paint may still be reported for a moment after.
    await page.waitForTimeout(1_000);
    return await marksOf(page);
  } finally {
    await context.close();
  }
}

function print(label: string, measured: readonly Marks[]): void {
  console.log(`\n${label} (median of ${measured.length}, ms; each run in brackets)`);
  for (const [name, key] of [
    ['HTML arrived', 'htmlArrived'],
    ['first paint', 'fcp'],
    ['largest paint', 'lcp'],
    ['early start requested', 'earlyStartRequested'],
    ['app entry requested', 'entryRequested'],
    ['app rendered', 'appRender'],
    ['balance drawn', 'balance'],
  ] as const) {
    const values = measured.map((marks) => marks[key]).filter((value) => value !== undefined);
    if (values.length === 0) continue;
    console.log(
      `  ${name.padEnd(22)} ${median(values).toFixed(0).padStart(5)}   [${values.map((v) => v.toFixed(0)).join(' / ')}]`,
    );
  }
}

const workDir = mkdtempSync(join(tmpdir(), 'kopilka-throttled-'));
const servers: { appDir: string; origin: string; stop: () => Promise<void> }[] = [];
let browser: Browser | null = null;
try {
  for (const [index, appDir] of appDirs.entries()) {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = await startLocalServer(port, join(workDir, `data-${index}`), appDir);
    servers.push({ appDir, origin, stop: () => stopLocalServer(server) });
    await seedMiniAppUser(origin, miniAppUserId);
  }
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const pages = [
    { label: 'signed-out web home', path: '/', waitFor: '.session-prompt' },
    {
      label: 'signed-in mini-app home',
      path: miniAppUrl('/', { userId: miniAppUserId }),
      waitFor: '.home-total-amount',
    },
  ];
  const results = new Map<string, Marks[]>();
  for (let run = 1; run <= runs; run += 1) {
    for (const server of servers) {
      for (const page of pages) {
        const key = `${page.label}, ${server.appDir}`;
        results.set(key, [
          ...(results.get(key) ?? []),
          await load(browser, `${server.origin}${page.path}`, page.waitFor),
        ]);
      }
    }
  }
  for (const [label, measured] of results) print(label, measured);
} finally {
  if (browser !== null) await browser.close();
  for (const server of servers) await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
