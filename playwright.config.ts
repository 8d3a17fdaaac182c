import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './e2e/support/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 8199);
const baseURL = `http://127.0.0.1:${port}`;

// Debian's Chromium, with the flags for a machine with no network.
const chromium = { executablePath: chromiumPath, args: chromiumFlags };

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    locale: 'en-US',
  },
  projects: [
    {
      name: 'phone',
      // The passcode journey restarts a server of its own; once, on desktop, is enough.
      testIgnore: /passcode\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: false },
    },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // The real server on a fresh data directory, serving the built app.
    command: 'node scripts/e2e-server.ts',
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(port) },
    stdout: 'pipe',
  },
});
