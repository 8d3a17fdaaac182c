/**
 * The merchant's summary screens (issue 14): /p2c/statements (months, newest first), /p2c/checks
 * (the uploaded receipts, a page at a time, each leading to its payment) and /p2c/profile (what the
 * person may do and their totals). The whole app with a fake server; literal expectations. Money is
 * written with no-break spaces (\u00a0), as everywhere in the app; the
 * text queries read them as spaces.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { P2cProfile } from '../../../src/contract/p2c.ts';
import type { AssetCatalogue } from '../../../src/contract/wallet.ts';
import { p2pCatalogue } from '../p2pOffer/offerFixtures.ts';
import { cryptoAsset } from '../support/assets.ts';
import { type Answer, type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';
import { fakeTimersForEachTest, shows } from '../support/fakeTimerScreen.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import { merchantSession } from './merchantFixtures.ts';

fakeTimersForEachTest();

const catalogue: AssetCatalogue = {
  assets: {
    ...p2pCatalogue.assets,
    TON: cryptoAsset('TON', 'Toncoin', 9, [], { view_decimals: 2, view_full_decimals: 9 }),
  },
};

const refused: Answer = { status: 403, body: { code: 'forbidden', message: 'No' } };

/** The app at `path` for a merchant (en, Europe/Berlin) or in `language`, with the fake server's answers by route. */
function start(
  path: string,
  answers: Record<string, Answer | ((request: FakeRequest) => Answer)>,
  language: 'en' | 'ru' = 'en',
) {
  const requests: FakeRequest[] = [];
  stubFetch((request) => {
    requests.push(request);
    if (request.route === 'GET /wallet/asset') return ok(catalogue);
    const answer = answers[request.route];
    return typeof answer === 'function' ? answer(request) : answer;
  });
  const session = merchantSession();
  const settings = session.status === 'signed-in' ? { ...session.settings, language } : undefined;
  const app = renderApp({
    path,
    platform: fakePlatform('web'),
    session: fakeSession(settings === undefined ? session : { status: 'signed-in', settings }),
  });
  return { ...app, requests };
}

const cellTexts = () => Array.from(document.querySelectorAll('.ui-section')).map((section) => section.textContent);

describe('statements', () => {
  const months = {
    months: [
      {
        month: '2026-03',
        payments: 2,
        fiat_total: '2750.5',
        rewards: [
          { asset: 'USDT', amount: '29500000' },
          { asset: 'TON', amount: '1250000000' },
        ],
        refunded: 1,
      },
      {
        month: '2026-01',
        payments: 1,
        fiat_total: '100',
        rewards: [{ asset: 'USDT', amount: '1080000' }],
        refunded: 0,
      },
    ],
  };

  it('shows each month, newest first, with its payments, roubles, crypto received and refunds', async () => {
    start('/p2c/statements', { 'GET /p2c/statements': ok(months) });
    // Amounts read from the catalogue, which may answer after the statements.
    expect(await shows('29.5 USDT')).toBeTruthy();
    expect(cellTexts()).toEqual([
      'March 20262 payments2\u00a0750.50\u00a0₽Received in USDT29.5\u00a0USDTReceived in TON1.25\u00a0TON1 refunded',
      'January 20261 payment100.00\u00a0₽Received in USDT1.08\u00a0USDT',
    ]);
  });

  it('reads naturally in Russian: month names and plural forms', async () => {
    start(
      '/p2c/statements',
      {
        'GET /p2c/statements': ok({
          months: [
            { ...months.months[0], payments: 5, refunded: 2 },
            { ...months.months[1], payments: 21 },
          ],
        }),
      },
      'ru',
    );
    expect(await shows('март 2026 г.')).toBeTruthy();
    expect(screen.getByText('5 платежей')).toBeTruthy();
    expect(screen.getByText('2 возвращено')).toBeTruthy();
    expect(screen.getByText('январь 2026 г.')).toBeTruthy();
    expect(screen.getByText('21 платёж')).toBeTruthy();
    expect(screen.getAllByText('Получено в USDT')).toHaveLength(2);
  });

  it('says so when there are no payments yet', async () => {
    start('/p2c/statements', { 'GET /p2c/statements': ok({ months: [] }) });
    expect(await shows('No payments yet.')).toBeTruthy();
    expect(cellTexts()).toEqual([]);
  });

  it('a refused load says so and loads again on Try again', async () => {
    let answer = refused;
    start('/p2c/statements', { 'GET /p2c/statements': () => answer });
    expect(await shows('Couldn’t load your P2C figures.')).toBeTruthy();
    answer = ok(months);
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await shows('March 2026')).toBeTruthy();
  });
});

describe('receipts', () => {
  const check = (id: string, name: string, uploadedAt: string) => ({
    id,
    name,
    media_type: 'image/png',
    size: 2048,
    uploaded_at: uploadedAt,
  });
  const firstPage = {
    data: [
      {
        check: check('c2', 'receipt-march.png', '2026-03-10T11:02:00Z'),
        payment_id: 31,
        fiat_amount: '1500',
        status: 'completed',
      },
      {
        check: check('c1', 'sber.pdf', '2025-12-31T23:30:00Z'),
        payment_id: 12,
        fiat_amount: '250',
        status: 'disputed',
      },
    ],
    cursor: 'page-2',
  };
  const secondPage = {
    data: [
      {
        check: check('c0', 'old.jpg', '2025-11-02T08:00:00Z'),
        payment_id: 4,
        fiat_amount: '99000',
        status: 'refunded',
      },
    ],
    cursor: null,
  };

  function pages(request: FakeRequest): Answer {
    return ok(request.search.get('cursor') === 'page-2' ? secondPage : firstPage);
  }

  const links = () =>
    screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/p2c/orders/')) as HTMLElement[];

  it('lists the receipts, newest first, with the upload time in the person’s zone, status and amount, each leading to its payment', async () => {
    start('/p2c/checks', { 'GET /p2c/checks': pages });
    expect(await shows('1 500.00 ₽')).toBeTruthy();
    expect(links().map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['/p2c/orders/31', 'receipt-march.png10 Mar 12:02 · Completed1\u00a0500.00\u00a0₽'],
      ['/p2c/orders/12', 'sber.pdf1 Jan 00:30 · Disputed250.00\u00a0₽'],
    ]);
  });

  it('Show more loads the next page after the last one and disappears at the end', async () => {
    const { requests } = start('/p2c/checks', { 'GET /p2c/checks': pages });
    await shows('receipt-march.png');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    expect(await shows('old.jpg')).toBeTruthy();
    expect(links().map((link) => link.getAttribute('href'))).toEqual([
      '/p2c/orders/31',
      '/p2c/orders/12',
      '/p2c/orders/4',
    ]);
    expect(links()[2]?.textContent).toBe('old.jpg2 Nov 2025 09:00 · Refunded99\u00a0000.00\u00a0₽');
    expect(
      requests.filter((request) => request.route === 'GET /p2c/checks').map((request) => request.search.get('cursor')),
    ).toEqual([null, 'page-2']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says so when no receipt was uploaded, without Show more', async () => {
    start('/p2c/checks', { 'GET /p2c/checks': ok({ data: [], cursor: null }) });
    expect(await shows('No receipts yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('a refused load says so and offers to try again', async () => {
    start('/p2c/checks', { 'GET /p2c/checks': refused });
    expect(await shows('Couldn’t load your P2C figures.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('reads naturally in Russian', async () => {
    start('/p2c/checks', { 'GET /p2c/checks': pages }, 'ru');
    expect(await shows('1 500.00 ₽')).toBeTruthy();
    expect(links()[0]?.textContent).toBe('receipt-march.png10 мар. 12:02 · Завершён1\u00a0500.00\u00a0₽');
  });
});

describe('profile', () => {
  const profile: P2cProfile = {
    can_pay: true,
    can_take: false,
    is_merchant: true,
    active_accounts: 0,
    as_client: { payments: 7, completed: 5, fiat_total: '12500' },
    as_merchant: { payments: 3, completed: 2, fiat_total: '4100.75', rewards_30d: [] },
  };

  it('shows what the person may do and their totals as client and as merchant', async () => {
    start('/p2c/profile', { 'GET /p2c/profile': ok(profile) });
    expect(await shows('12 500.00 ₽')).toBeTruthy();
    expect(cellTexts()).toEqual([
      'What you can doPay QR codesYesP2C merchantYesTake paymentsNoActive accounts0',
      'As a clientPayments7Completed5Paid in all12\u00a0500.00\u00a0₽',
      'As a merchantPayments3Completed2Paid in all4\u00a0100.75\u00a0₽',
    ]);
    expect(screen.queryByText('Become a merchant')).toBeNull();
  });

  it('someone who is not a merchant is offered the merchant verification', async () => {
    start('/p2c/profile', { 'GET /p2c/profile': ok({ ...profile, is_merchant: false }) });
    expect(await shows('Become a merchant')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a merchant' }).getAttribute('href')).toBe(
      '/account/verification/p2c-merchant',
    );
  });

  it('a refused load says so and offers to try again', async () => {
    start('/p2c/profile', { 'GET /p2c/profile': refused });
    expect(await shows('Couldn’t load your P2C figures.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
