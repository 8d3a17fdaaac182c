/**
 * The client's P2C routes in the whole app with a fake server (docs/p2c.md "The client's flow
 * (app)"): `/qr-pay` without P2C or for a blocked person is home; with P2C a code's quote opens
 * and Pay moves the URL to `step=confirm`; `/p2c/payments` lists both sides' payments with their
 * words and links and asks again every 5 s; `/p2c/promo` shows signed out.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionState } from '../../../src/app/lib/session.ts';
import type { AssetCatalogue } from '../../../src/contract/wallet.ts';
import { LOOKUPS, paymentIn } from '../../machines/support/qrPaymentModel.ts';
import { cryptoAsset, fiatAsset } from '../support/assets.ts';
import { type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';
import { fakeSession, renderApp, signedIn } from '../support.tsx';

const catalogue: AssetCatalogue = {
  assets: {
    USDT: cryptoAsset('USDT', 'Tether', 6, [], { view_decimals: 2, view_full_decimals: 6 }),
    RUB: fiatAsset('RUB', 'Russian ruble', '₽'),
  },
};

const CODE = 'AD10006M8KQ3B4NJ9H1PLV7R2TXS5CEF';

function session(flags: Record<string, boolean>, compliance: Partial<typeof baseCompliance> = {}): SessionState {
  if (signedIn.status !== 'signed-in') throw new Error('signedIn is signed in');
  return {
    ...signedIn,
    settings: {
      ...signedIn.settings,
      feature_flags: flags,
      compliance: { ...baseCompliance, ...compliance },
    },
  };
}
const baseCompliance = {
  lock: false,
  ban: false,
  ban_reason: null,
  pending_actions_from_user: false,
  soft_ban_until: null,
};

const security = {
  passCode: true,
  passCodePending: false,
  email: 'anna@example.com',
  isEmailConfirmed: true,
  biometric: false,
  lockSeconds: null,
  attemptsExhausted: false,
};

const payments = {
  data: [
    {
      id: 77,
      role: 'client',
      status: 'expired',
      payee_name: 'Coffee House',
      fiat_amount: '1500',
      asset: 'USDT',
      amount: '15937304',
      created_at: '2026-01-15T09:00:00.000Z',
    },
    {
      id: 78,
      role: 'merchant',
      status: 'completed',
      payee_name: 'Book Shop',
      fiat_amount: '990.5',
      asset: 'USDT',
      amount: '10400000',
      created_at: '2026-01-14T09:00:00.000Z',
    },
  ],
  total: 2,
  cursor: null,
};

function fakeServer(requests: FakeRequest[], payment77: 'completed' | 'refunded' = 'completed') {
  stubFetch((request) => {
    requests.push(request);
    if (request.route === 'GET /p2c/payments/77') return ok({ role: 'client', payment: paymentIn(payment77) });
    if (request.route === 'GET /wallet/asset') return ok(catalogue);
    if (request.route.startsWith('GET /security')) return ok(security);
    if (request.route.startsWith(`GET /p2c/qr/${CODE}`)) return ok(LOOKUPS['the code in USDT']);
    if (request.route.startsWith('GET /p2c/payments')) return ok(payments);
    return undefined;
  });
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('/qr-pay', () => {
  it('shows home, not the code, where P2C is off', async () => {
    const requests: FakeRequest[] = [];
    fakeServer(requests);
    renderApp({ path: `/qr-pay?id=${CODE}`, session: fakeSession(session({})) });
    expect(await screen.findByText('Total balance')).toBeTruthy();
    expect(requests.some((request) => request.route.startsWith('GET /p2c/qr'))).toBe(false);
  });

  it('shows home, not the code, to a blocked person', async () => {
    const requests: FakeRequest[] = [];
    fakeServer(requests);
    renderApp({ path: `/qr-pay?id=${CODE}`, session: fakeSession(session({ show_p2c: true }, { lock: true })) });
    expect(await screen.findByText('Total balance')).toBeTruthy();
    expect(requests.some((request) => request.route.startsWith('GET /p2c/qr'))).toBe(false);
  });

  it('opens the code’s quote, and Pay gives the passcode step its own URL', async () => {
    const requests: FakeRequest[] = [];
    fakeServer(requests);
    const { router } = renderApp({
      path: `/qr-pay?id=${CODE}`,
      session: fakeSession(session({ show_p2c: true })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Coffee House' })).toBeTruthy();
    const lookup = requests.find((request) => request.route === `GET /p2c/qr/${CODE}`);
    expect(lookup?.search.toString()).toBe('asset=USDT');
    const pay = await screen.findByRole('button', { name: 'Pay 15.937304\u00a0USDT' });
    act(() => pay.click());
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm the payment' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ id: CODE, step: 'confirm' }));
    act(() => screen.getByRole('button', { name: 'Back' }).click());
    expect(await screen.findByRole('heading', { level: 1, name: 'Coffee House' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('step'));
  });

  it('opens the dispute form again on a reload of its URL, and Back goes to the payment', async () => {
    const requests: FakeRequest[] = [];
    fakeServer(requests);
    const { router } = renderApp({
      path: '/qr-pay?payment=77&step=dispute',
      session: fakeSession(session({ show_p2c: true })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Open a dispute' })).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ payment: '77', step: 'dispute' });
    act(() => screen.getByRole('button', { name: 'Back' }).click());
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('step'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Open a dispute' })).toBeNull();
  });

  it('shows the payment, not the form, on a reload of the dispute URL once it can no longer be disputed', async () => {
    const requests: FakeRequest[] = [];
    fakeServer(requests, 'refunded');
    const { router } = renderApp({
      path: '/qr-pay?payment=77&step=dispute',
      session: fakeSession(session({ show_p2c: true })),
    });
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('step'));
    expect(await screen.findByText('Refunded')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Open a dispute' })).toBeNull();
  });
});

describe('/p2c/payments', () => {
  it('lists both sides’ payments in their words, each leading to its page', async () => {
    const requests: FakeRequest[] = [];
    fakeServer(requests);
    renderApp({ path: '/p2c/payments', session: fakeSession(session({ show_p2c: true })) });
    const client = await screen.findByRole('link', { name: /Coffee House/ });
    // The amounts take the catalogue's rules once it has come.
    await waitFor(() => expect(client.textContent).toContain('15.937304\u00a0USDT · Canceled'));
    expect(client.textContent).toContain('1\u00a0500.00\u00a0₽');
    expect(client.getAttribute('href')).toBe('/qr-pay?payment=77');
    const merchant = screen.getByRole('link', { name: /Book Shop/ });
    expect(merchant.textContent).toContain('10.4\u00a0USDT · Paid');
    expect(merchant.textContent).toContain('990.50\u00a0₽');
    expect(merchant.getAttribute('href')).toBe('/p2c/orders/78');
  });

  it('asks the server again every 5 s, with the status filter chosen', { timeout: 10_000 }, async () => {
    const requests: FakeRequest[] = [];
    fakeServer(requests);
    renderApp({ path: '/p2c/payments?status=expired', session: fakeSession(session({ show_p2c: true })) });
    await screen.findByRole('link', { name: /Coffee House/ });
    const lists = () => requests.filter((request) => request.route.startsWith('GET /p2c/payments'));
    expect(lists().at(-1)?.search.toString()).toBe('size=40&status=expired');
    const before = lists().length;
    await waitFor(() => expect(lists().length).toBeGreaterThan(before), { timeout: 7_000 });
  });

  it('is the not-found page where P2C is off', async () => {
    fakeServer([]);
    renderApp({ path: '/p2c/payments', session: fakeSession(session({})) });
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeTruthy();
  });
});

describe('/p2c/promo', () => {
  it('explains P2C to someone signed out', async () => {
    fakeServer([]);
    renderApp({ path: '/p2c/promo' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay shops with crypto' })).toBeTruthy();
    expect(screen.getByText('From 100 to 100,000 roubles per code')).toBeTruthy();
  });
});
