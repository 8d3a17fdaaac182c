import { readFileSync } from 'node:fs';
import { firstScreenFiles } from '../scripts/size.ts';
import { expect, test } from './support/test.ts';

test('the first screen loads no JavaScript beyond what the size budget counts', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' || url.pathname.endsWith('.js'))
      loaded.push(url.pathname.replace(/^\//, ''));
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in with Telegram' })).toBeVisible();
  const counted = new Set(firstScreenFiles(JSON.parse(readFileSync('dist/app/.vite/manifest.json', 'utf8'))));
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((file) => !counted.has(file))).toEqual([]);
});

test('the catalogue lists the nine crypto assets and the 22 fiat currencies', async ({ request }) => {
  const response = await request.get('/api/v1/wallet/asset');
  expect(response.status()).toBe(200);
  const body: unknown = await response.json();
  const assets: { code: string; is_fiat: boolean }[] = Array.isArray(body)
    ? body
    : Object.values((body as { assets: Record<string, { code: string; is_fiat: boolean }> }).assets);
  expect(
    assets
      .filter((asset) => !asset.is_fiat)
      .map((asset) => asset.code)
      .sort(),
  ).toEqual(['BNB', 'BTC', 'ETH', 'JET', 'LTC', 'TON', 'TRX', 'USDC', 'USDT']);
  expect(assets.filter((asset) => asset.is_fiat)).toHaveLength(22);
});
