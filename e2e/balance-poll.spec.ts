import { signInThroughStandIn } from './support/standIn.ts';
import { expect, test } from './support/test.ts';

// The home polls the balance every 5 s (spec 000 s.7). The server tags it with an ETag and lets the
// browser keep it only to revalidate (Cache-Control: private, no-cache), so Chromium itself asks
// with If-None-Match and an unchanged balance comes back as 304: only headers cross the wire, and
// the app still reads the whole balance from the browser's copy.
test('the home’s 5 s balance poll is revalidated by the browser: an unchanged balance travels as headers only', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInThroughStandIn(page, { firstName: 'Poll' });
  const total = page.getByRole('region', { name: 'Total balance' });
  await expect(total).toContainText('$0.00');

  // Resource timing: a revalidated answer's transfer is its headers, smaller than the body it reused.
  const revalidatedPolls = () =>
    page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
          .filter((entry) => new URL(entry.name).pathname === '/api/v1/wallet/balance')
          .filter((entry) => entry.transferSize > 0 && entry.transferSize < entry.encodedBodySize).length,
    );
  await expect.poll(revalidatedPolls, { timeout: 20_000, intervals: [1_000] }).toBeGreaterThanOrEqual(1);
  await expect(total).toContainText('$0.00');
  await expect(page.getByRole('link', { name: /Toncoin/ })).toContainText(/0\sTON/);
});
